import { type MailEventType, sendgridEvent } from '@nzeta/domain';
import type { ProviderEvent } from '../mail';

const EVENT_TYPES: Record<string, MailEventType> = {
  processed: 'processed',
  delivered: 'delivered',
  deferred: 'deferred',
  bounce: 'bounce',
  dropped: 'dropped',
  spamreport: 'spamreport',
  open: 'open',
  click: 'click',
};

/**
 * The events of one SendGrid batch in the product's words. Items that are not events of ours
 * (unsubscribes, malformed items) are skipped, never fail the batch: SendGrid would retry it.
 */
export function normaliseSendgridEvents(items: readonly unknown[]): ProviderEvent[] {
  return items.flatMap((item) => {
    const parsed = sendgridEvent.safeParse(item);
    if (!parsed.success) return [];
    const e = parsed.data;
    const event = EVENT_TYPES[e.event];
    if (!event) return [];
    const mailId = e.mail_id !== undefined && /^\d{1,15}$/.test(e.mail_id) ? Number(e.mail_id) : undefined;
    return [
      {
        provider: 'sendgrid' as const,
        providerEventId: e.sg_event_id,
        event,
        occurredAt: new Date(e.timestamp * 1000).toISOString(),
        mailId,
        providerMessageId: e.sg_message_id,
        // 'blocked' is a refusal that may pass another time; 'bounce' is the address itself.
        bounceType: event === 'bounce' ? (e.type === 'blocked' ? 'soft' : 'hard') : undefined,
        reason: e.reason ?? e.response ?? e.bounce_classification,
        url: event === 'click' ? e.url : undefined,
      },
    ];
  });
}
