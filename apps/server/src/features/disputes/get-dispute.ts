import type { DisputeRecord } from '@nzeta/domain';
import type { DbOrTx } from '../../db/client';
import { loadOrder } from '../order-detail';
import { findDisputeRow, toDisputeRecord } from './dispute-record';

/** GET /admin/orders/{orderId}/dispute: the record, or the defaults when none is recorded yet. */
export async function getDispute(db: DbOrTx, orderId: number): Promise<DisputeRecord> {
  const order = await loadOrder(db, orderId);
  return toDisputeRecord(await findDisputeRow(db, orderId), order);
}
