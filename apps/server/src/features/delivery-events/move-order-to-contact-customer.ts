import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { applyOrderAction, type SystemActor } from '../lifecycle';

export const SYSTEM_ACTOR = { kind: 'system', id: null, name: 'System' } as const satisfies SystemActor & {
  id: null;
};

/**
 * The one status move delivery events make: a Completed order whose approval e-mail did not
 * reach the customer goes back to Contact Customer, as the system, through the lifecycle (its
 * transition table withdraws the processed-by credit and writes the timeline). Orders in any
 * other status keep it. Returns whether the order moved.
 */
export async function moveOrderToContactCustomer(
  tx: Tx,
  orderId: number,
  reason: string,
  mailId: number,
): Promise<boolean> {
  const [order] = await tx
    .select({ status: orders.processStatus })
    .from(orders)
    .where(eq(orders.orderId, orderId))
    .for('update')
    .limit(1);
  if (order?.status !== 'Completed') return false;
  const result = await applyOrderAction(tx, {
    orderIds: [orderId],
    action: 'move:Contact Customer',
    actor: SYSTEM_ACTOR,
    reason,
    detail: { mailId },
  });
  return result.done.length > 0;
}
