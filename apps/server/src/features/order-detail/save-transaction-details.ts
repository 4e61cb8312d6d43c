import { canPrepareDefence, type TransactionDetailsInput } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { loadOrder } from './load-order';
import { type Actor, recordActivity } from './order-activity';

export const TRANSACTION_STATUS_MESSAGE =
  'Transaction details can be saved only for Completed, Customer Called or ChargeBack orders.';

/** Records the card transaction a chargeback refers to; only where a defence pack is offered. */
export async function saveTransactionDetails(db: Db, input: TransactionDetailsInput, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await loadOrder(tx, input.orderId, { forUpdate: true });
    if (!canPrepareDefence(order.processStatus)) throw badRequest(TRANSACTION_STATUS_MESSAGE, 'REQUEST_REFUSED');
    await tx
      .update(orders)
      .set({
        transactionId: input.transactionId,
        merchantName: input.merchantName,
        updatedAt: new Date().toISOString(),
      })
      .where(eq(orders.orderId, input.orderId));
    await recordActivity(tx, {
      orderId: input.orderId,
      actor,
      action: 'transaction-details-saved',
      from: [order.transactionId, order.merchantName].filter(Boolean).join(' / ') || null,
      to: `${input.transactionId} / ${input.merchantName}`,
    });
  });
}
