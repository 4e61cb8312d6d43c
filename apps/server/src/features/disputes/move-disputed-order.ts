import type { Role, Status } from '@nzeta/domain';
import type { Db, DbOrTx } from '../../db/client';
import { changeOrderStatus } from '../orders/change-order-status';

export interface DisputeActor {
  /** null for the payment gateway, which acts without a staff account */
  id: number | null;
  name: string;
  role: Role | null;
}

/**
 * The one place a dispute moves its order (a gateway's dispute → ChargeBack, a lost dispute →
 * Refunds), through the status-change code every other move uses, inside the caller's
 * transaction (a savepoint). When the lifecycle table's applyOrderAction lands, this is the line
 * to switch.
 */
export async function moveDisputedOrder(tx: DbOrTx, orderId: number, to: Status, actor: DisputeActor): Promise<void> {
  await changeOrderStatus(
    tx as Db,
    { orderIds: [orderId], status: to, erase: false },
    // The log's actor id is nullable; the role is read only for deletions, which this never asks.
    { id: actor.id as number, name: actor.name, role: actor.role ?? 'Team' },
  );
}
