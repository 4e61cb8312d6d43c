import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { recordActivity } from '../order-detail/order-activity';

export const SYSTEM_ACTOR = { id: null, name: 'System' } as const;

/**
 * The one status move delivery events make: a Completed order whose approval e-mail did not
 * reach the customer goes back to Contact Customer, as the system. A return to an open status
 * withdraws the processed-by credit (DESIGN §2). Returns whether the order moved.
 */
export async function moveOrderToContactCustomer(
  tx: Tx,
  orderId: number,
  detail: Record<string, unknown>,
): Promise<boolean> {
  const [order] = await tx
    .select({ status: orders.processStatus })
    .from(orders)
    .where(eq(orders.orderId, orderId))
    .for('update')
    .limit(1);
  if (order?.status !== 'Completed') return false;
  await tx
    .update(orders)
    .set({
      processStatus: 'Contact Customer',
      processedById: null,
      processedBy: null,
      processedAt: null,
      updatedAt: new Date().toISOString(),
    })
    .where(eq(orders.orderId, orderId));
  await recordActivity(tx, {
    orderId,
    actor: SYSTEM_ACTOR,
    action: 'status-changed',
    from: 'Completed',
    to: 'Contact Customer',
    detail,
  });
  return true;
}
