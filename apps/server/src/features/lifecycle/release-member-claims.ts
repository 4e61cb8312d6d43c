import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { applyOrderAction } from './apply-order-action';
import type { LifecycleActor } from './lifecycle-actor';

/**
 * Deleting a member (DESIGN §2): their claimed orders go back to the shared folders in the same
 * transaction, each release on the timeline, so no order is left in a My Orders nobody opens.
 * A deleted order they held would come back claimed by nobody on restore: its claim goes too.
 * Returns how many claimed orders were released.
 */
export async function releaseMemberClaims(tx: Tx, memberId: number, actor: LifecycleActor): Promise<number> {
  const claimed = await queryRows<{ order_id: number | string }>(
    tx,
    sql`select order_id from orders where assigned_to = ${memberId} and process_status = 'New'`,
  );
  let released = 0;
  // In slices, so a member holding thousands of orders does not build one huge statement.
  for (let start = 0; start < claimed.length; start += 5_000) {
    const ids = claimed.slice(start, start + 5_000).map((row) => Number(row.order_id));
    const result = await applyOrderAction(tx, { orderIds: ids, action: 'release', actor, reason: 'member deleted' });
    released += result.done.length;
  }
  await tx.execute(
    sql`update orders set assigned_to = null, updated_at = now()
      where assigned_to = ${memberId} and process_status = 'Deleted' and previous_status = 'New'`,
  );
  return released;
}
