import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { orders } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { getCompanySettings } from '../mail/company-settings';
import { enqueueMail, InvalidMailError } from '../mail/outbox';
import { applicantNameOf, renderMail } from '../mail/templates';
import { idArray, uniqueIds } from './id-list';
import { type Actor, writeActivity } from './order-activity';

/** Refund confirmations go through the primary provider; staff choose a provider only for approvals. */
export const REFUND_MAIL_PROVIDER = 'AWS';

interface RefundRow {
  order_id: number | string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  amount: string | null;
  currency: string | null;
  refund_date: string;
}

/**
 * "Refunded it" (SPEC §4): pending refunds get their refund date and the customer's e-mail is
 * queued in the same transaction, so a refund is never marked without its notice (or vice versa).
 */
export async function completeRefunds(
  db: Db,
  orderIds: readonly number[],
  actor: Actor,
  timeZone: string,
): Promise<{ refunded: number[]; message: string }> {
  const ids = uniqueIds(orderIds);
  return db.transaction(async (tx) => {
    const rows = await queryRows<RefundRow>(
      tx,
      sql`update ${orders} set refund_date = now(), updated_at = now()
        where order_id = any(${idArray(ids)}) and process_status = 'Refunds' and refund_date is null
        returning order_id, email, first_name, last_name, full_name, amount::text as amount, currency,
          to_char(refund_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as refund_date`,
    );
    if (!rows.length) throw badRequest('The selected orders are not pending refunds.');
    const settings = await getCompanySettings(tx);
    const withoutMail: number[] = [];
    for (const row of rows) {
      const orderId = Number(row.order_id);
      const mail = renderMail('refund', {
        orderId,
        applicantName: applicantNameOf({ firstName: row.first_name, lastName: row.last_name, fullName: row.full_name }),
        amount: row.amount,
        currency: row.currency,
        refundDate: row.refund_date,
        timeZone,
        settings,
      });
      try {
        await enqueueMail(tx, {
          orderId,
          kind: 'refund',
          provider: REFUND_MAIL_PROVIDER,
          to: row.email ?? '',
          ...mail,
          createdBy: actor.id,
          idempotencyKey: `refund:${orderId}`,
        });
      } catch (error) {
        // An order without a usable address is still refunded; its log says no notice went out.
        if (!(error instanceof InvalidMailError)) throw error;
        withoutMail.push(orderId);
      }
    }
    await writeActivity(
      tx,
      actor,
      rows.map((row) => ({
        orderId: Number(row.order_id),
        action: 'refund-completed',
        to: row.refund_date,
        detail: { customerNotified: !withoutMail.includes(Number(row.order_id)) },
      })),
    );
    return {
      refunded: rows.map((row) => Number(row.order_id)),
      message: 'Refund has been completed and the customer has been notified.',
    };
  });
}
