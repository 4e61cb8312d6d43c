import { isMailProvider, type MailProvider } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { idArray } from '../../lib/id-list';

/** The provider of an order that never had its document sent: the primary one. */
export const PRIMARY_MAIL_PROVIDER: MailProvider = 'AWS';

/**
 * For each order, the provider that last sent its document to the customer (an approval or a
 * resend the provider accepted), else the primary one. Staff choose a provider when they send the
 * document; a refund confirmation or an invoice, which offer no choice, follow that choice
 * instead of always going through the primary provider (DESIGN §5).
 */
export async function customerProviders(db: DbOrTx, orderIds: readonly number[]): Promise<Map<number, MailProvider>> {
  const rows = orderIds.length
    ? await queryRows<{ order_id: number | string; provider: string }>(
        db,
        sql`select distinct on (order_id) order_id, provider from mail_messages
          where order_id = any(${idArray(orderIds)}) and kind in ('approval', 'resend') and state = 'sent'
          order by order_id, sent_at desc nulls last, id desc`,
      )
    : [];
  const found = new Map(rows.map((row) => [Number(row.order_id), row.provider]));
  return new Map(
    orderIds.map((orderId) => {
      const provider = found.get(orderId);
      return [orderId, provider && isMailProvider(provider) ? provider : PRIMARY_MAIL_PROVIDER];
    }),
  );
}
