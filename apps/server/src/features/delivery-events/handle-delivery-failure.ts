import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mailMessages, remarks } from '../../db/schema';
import type { DeliveryFailure } from '../mail';
import { canFallBack, recordActivity, resendViaFallback } from '../order-detail';
import { isAutoMailFallbackOn } from '../settings';
import { moveOrderToContactCustomer, SYSTEM_ACTOR } from './move-order-to-contact-customer';

const DOCUMENT_KINDS = ['approval', 'resend'];
const PROVIDER_NAMES = { sendgrid: 'SendGrid', ses: 'AWS SES' } as const;

/** What staff are told in the console's notification area. */
export interface DeliveryNotice {
  orderId: number;
  message: string;
}

/** "Approval e-mail bounced: mailbox does not exist" and its kin. */
export function failureComment(failure: DeliveryFailure): string {
  const mail = failure.message.kind === 'resend' ? 'Re-sent approval e-mail' : 'Approval e-mail';
  const provider = PROVIDER_NAMES[failure.provider];
  switch (failure.state) {
    case 'bounced':
      return `${mail} bounced${failure.bounceType === 'soft' ? ' (soft, after the provider retried)' : ''}: ${failure.reason ?? 'the mailbox refused it'}`;
    case 'dropped':
      return `${mail} dropped by ${provider}: ${failure.reason ?? 'not sent'}`;
    default:
      return `${mail} marked as spam by the customer (${failure.message.toAddress}): resends need a confirmation`;
  }
}

/**
 * Effects of an approval e-mail that did not reach the customer, in the transaction that recorded
 * the event: a flagged comment, a Completed order back to Contact Customer (unless a later
 * document e-mail was delivered since), and, for a provider's drop, the re-send through the other
 * provider when the setting asks for it. Returns the notice for the console, if any.
 */
export async function handleDeliveryFailure(
  tx: Tx,
  failure: DeliveryFailure,
  options: { trackOrderUrl?: (orderId: number) => string | undefined } = {},
): Promise<DeliveryNotice | undefined> {
  const { message } = failure;
  const orderId = message.orderId;
  if (!orderId || !DOCUMENT_KINDS.includes(message.kind)) return undefined;
  const comment = failureComment(failure);
  await tx
    .insert(remarks)
    .values({ orderId, staffId: null, remarkName: SYSTEM_ACTOR.name, remark: comment, reportError: 'Y' });
  await recordActivity(tx, {
    orderId,
    actor: SYSTEM_ACTOR,
    action: 'mail-delivery-failed',
    detail: { mailId: message.id, state: failure.state, reason: failure.reason, provider: failure.provider },
  });
  const [laterDelivered] = await tx
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.orderId, orderId),
        inArray(mailMessages.kind, DOCUMENT_KINDS),
        gt(mailMessages.id, message.id),
        eq(mailMessages.deliveryState, 'delivered'),
      ),
    )
    .limit(1);
  const moved = laterDelivered ? false : await moveOrderToContactCustomer(tx, orderId, comment, message.id);
  let fallbackId: number | undefined;
  if (canFallBack(message) && (await isAutoMailFallbackOn(tx))) {
    // In a savepoint: a refused re-send (say, one already queued) must not undo the rest.
    fallbackId = await tx
      .transaction((savepoint) =>
        resendViaFallback(savepoint, { orderId, mailId: message.id }, SYSTEM_ACTOR, {
          trackOrderUrl: options.trackOrderUrl?.(orderId),
        }),
      )
      .catch(() => undefined);
  }
  const tail = [moved ? 'moved to Contact Customer' : '', fallbackId ? 're-sent through the other provider' : '']
    .filter(Boolean)
    .join('; ');
  return { orderId, message: `Order ${orderId}: ${comment}${tail ? ` (${tail})` : ''}` };
}
