import type { FastifyInstance } from 'fastify';
import { type ProviderEvent, recordMailEvents } from '../mail';
import { trackOrderUrl } from '../order-detail';
import { type DeliveryNotice, handleDeliveryFailure } from './handle-delivery-failure';

/**
 * Stores verified provider events and applies their effects in one transaction; once it has
 * committed, consoles hear of the moved orders and see a notice per failed approval e-mail.
 */
export async function recordDeliveryEvents(
  app: FastifyInstance,
  events: readonly ProviderEvent[],
): Promise<{ stored: number; ignored: number }> {
  const { db, config } = app.ctx;
  const result = await recordMailEvents(db, events, {
    onDeliveryFailed: (tx, failure) =>
      handleDeliveryFailure(tx, failure, {
        trackOrderUrl: (orderId) => trackOrderUrl(config.PUBLIC_APP_URL, orderId),
      }),
  });
  const notices = result.outcomes.filter((n): n is DeliveryNotice => n !== undefined);
  if (notices.length) app.ctx.events.ordersChanged();
  for (const notice of notices) app.ctx.events.notify(notice);
  if (result.stored) app.log.info({ stored: result.stored, ignored: result.ignored }, 'delivery events recorded');
  return { stored: result.stored, ignored: result.ignored };
}
