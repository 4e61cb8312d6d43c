import type { DisputeNetwork, DisputeRecord, DisputeState } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderDisputes, type orders } from '../../db/schema';

export type DisputeRow = typeof orderDisputes.$inferSelect;
type OrderFacts = Pick<typeof orders.$inferSelect, 'orderId' | 'amount' | 'currency'>;

export async function findDisputeRow(db: DbOrTx, orderId: number): Promise<DisputeRow | undefined> {
  const [row] = await db.select().from(orderDisputes).where(eq(orderDisputes.orderId, orderId)).limit(1);
  return row;
}

/** The API's shape; an order without a dispute answers the defaults a form starts from. */
export function toDisputeRecord(row: DisputeRow | undefined, order: OrderFacts): DisputeRecord {
  if (!row) {
    return {
      orderId: order.orderId,
      network: 'Other',
      reasonCode: null,
      amount: order.amount,
      currency: order.currency,
      openedAt: null,
      respondBy: null,
      state: 'needs_response',
      outcomeAt: null,
      notes: null,
      gatewayDisputeId: null,
      isRecorded: false,
    };
  }
  return {
    orderId: row.orderId,
    network: row.network as DisputeNetwork,
    reasonCode: row.reasonCode,
    amount: row.amount,
    currency: row.currency,
    openedAt: row.openedAt,
    respondBy: row.respondBy,
    state: row.state as DisputeState,
    outcomeAt: row.outcomeAt,
    notes: row.notes,
    gatewayDisputeId: row.gatewayDisputeId,
    isRecorded: true,
  };
}
