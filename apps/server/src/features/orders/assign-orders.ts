import type { AssignOutcome } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { orders } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import { describeOrders, idArray, uniqueIds } from './id-list';
import { type Actor, writeActivity } from './order-activity';

export interface AssignResult extends AssignOutcome {
  message: string;
}

/**
 * "Assign to me" (DESIGN §2): claims only orders that are still New and unassigned, in one
 * UPDATE whose WHERE is re-checked under the row lock, so of two people claiming the same order
 * exactly one wins; the other is told which orders were taken.
 */
export async function assignOrders(db: Db, orderIds: readonly number[], actor: Actor): Promise<AssignResult> {
  const ids = uniqueIds(orderIds);
  return db.transaction(async (tx) => {
    const claimed = await queryRows<{ order_id: number | string }>(
      tx,
      sql`update ${orders} set assigned_to = ${actor.id}, updated_at = now()
        where order_id = any(${idArray(ids)}) and assigned_to is null and process_status = 'New'
        returning order_id`,
    );
    const claimedIds = new Set(claimed.map((row) => Number(row.order_id)));
    const rest = ids.filter((id) => !claimedIds.has(id));
    const others = rest.length
      ? await queryRows<{ order_id: number | string; assigned_to: number | null; process_status: string }>(
          tx,
          sql`select order_id, assigned_to, process_status from ${orders} where order_id = any(${idArray(rest)})`,
        )
      : [];
    if (!claimedIds.size && !others.length) throw notFound(ids.length === 1 ? 'Order not found.' : 'Orders not found.');
    // Claiming an order that is already yours is not a conflict.
    const alreadyMine = others
      .filter((row) => row.assigned_to === actor.id && row.process_status === 'New')
      .map((row) => Number(row.order_id));
    const mine = new Set(alreadyMine);
    const taken = others.map((row) => Number(row.order_id)).filter((id) => !mine.has(id));
    await writeActivity(
      tx,
      actor,
      [...claimedIds].map((orderId) => ({ orderId, action: 'assigned', to: actor.name })),
    );
    const assigned = ids.filter((id) => claimedIds.has(id) || mine.has(id));
    if (!taken.length) return { assigned, taken, message: 'Order has been assigned successfully' };
    const message = `${describeOrders(taken)} ${taken.length === 1 ? 'was' : 'were'} already taken by someone else.`;
    if (!assigned.length) throw new ClaimConflict(message, { assigned, taken });
    return { assigned, taken, message };
  });
}

/** Nothing could be claimed: the answer still says which orders were taken. */
export class ClaimConflict extends Error {
  constructor(
    message: string,
    readonly outcome: AssignOutcome,
  ) {
    super(message);
    this.name = 'ClaimConflict';
  }
}

/**
 * "Move to Original Folder": gives orders back to the shared folders. Members release their own
 * orders; Admin and Manager may release anyone's (someone away with orders in My Orders).
 */
export async function releaseOrders(
  db: Db,
  orderIds: readonly number[],
  actor: Actor & { canReleaseAny: boolean },
): Promise<{ released: number[]; message: string }> {
  const ids = uniqueIds(orderIds);
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ order_id: number | string; assignee: string | null }>(
      tx,
      sql`select o.order_id, s.name as assignee from ${orders} o left join staff s on s.id = o.assigned_to
        where o.order_id = any(${idArray(ids)}) and o.assigned_to is not null
          and (${actor.canReleaseAny} or o.assigned_to = ${actor.id})
        for update of o`,
    );
    if (!rows.length) throw badRequest('The selected orders are not assigned to you.');
    const released = rows.map((row) => Number(row.order_id));
    await tx.execute(
      sql`update ${orders} set assigned_to = null, updated_at = now() where order_id = any(${idArray(released)})`,
    );
    await writeActivity(
      tx,
      actor,
      rows.map((row) => ({ orderId: Number(row.order_id), action: 'unassigned', from: row.assignee })),
    );
    return { released, message: 'Order has been moved to the original folder successfully' };
  });
}
