import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import { applyOrderAction, orderActionError, type StaffActor, summariseOrderAction } from '../lifecycle';
import {
  applicantNameOf,
  customerProviders,
  enqueueMail,
  getCompanySettings,
  isDeliverableAddress,
  PRIMARY_MAIL_PROVIDER,
  renderMail,
} from '../mail';
import { idArray, uniqueIds } from './id-list';

interface RefundRow {
  order_id: number | string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  amount: string | null;
  currency: string | null;
}

/**
 * "Refunded it" (SPEC §4): the lifecycle sets the refund date of pending refunds and the
 * customer's e-mail is queued in the same transaction, so a refund is never marked without its
 * notice (or vice versa). An order without a usable address is still refunded; its log says so.
 */
export async function completeRefunds(
  db: Db,
  orderIds: readonly number[],
  actor: StaffActor,
  timeZone: string,
  events?: { ordersChanged(): void },
): Promise<{ refunded: number[]; message: string }> {
  const ids = uniqueIds(orderIds);
  const result = await db.transaction(async (tx) => {
    const rows = await queryRows<RefundRow>(
      tx,
      sql`select order_id, email, first_name, last_name, full_name, amount::text as amount, currency
        from orders where order_id = any(${idArray(ids)})`,
    );
    const byId = new Map(rows.map((row) => [Number(row.order_id), row]));
    const applied = await applyOrderAction(tx, {
      orderIds: ids,
      action: 'refund',
      actor,
      detailFor: (orderId) => ({ customerNotified: isDeliverableAddress(byId.get(orderId)?.email) }),
    });
    if (!applied.done.length) return applied;
    const settings = await getCompanySettings(tx);
    // Each confirmation goes the way the customer's document went.
    const providers = await customerProviders(tx, applied.done);
    for (const orderId of applied.done) {
      const row = byId.get(orderId);
      if (!row || !isDeliverableAddress(row.email)) continue;
      const mail = renderMail('refund', {
        orderId,
        applicantName: applicantNameOf({ firstName: row.first_name, lastName: row.last_name, fullName: row.full_name }),
        amount: row.amount,
        currency: row.currency,
        refundDate: applied.refundDates.get(orderId) ?? new Date().toISOString(),
        timeZone,
        settings,
      });
      await enqueueMail(tx, {
        orderId,
        kind: 'refund',
        provider: providers.get(orderId) ?? PRIMARY_MAIL_PROVIDER,
        to: row.email ?? '',
        ...mail,
        createdBy: actor.id,
        idempotencyKey: `refund:${orderId}`,
      });
    }
    return applied;
  });
  if (!result.done.length) {
    if (
      result.skipped.every((s) => s.reason === 'unchanged' || s.reason === 'not-allowed' || s.reason === 'not-found')
    ) {
      throw badRequest('The selected orders are not pending refunds.', 'REQUEST_REFUSED');
    }
    throw orderActionError(result);
  }
  events?.ordersChanged();
  const message = result.skipped.length
    ? `${summariseOrderAction(result)}.`
    : 'Refund has been completed and the customer has been notified.';
  return { refunded: result.done, message };
}
