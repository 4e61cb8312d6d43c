import { can, type Role, type Status } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { orders } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import { type ErasedFiles, eraseOrders } from './erase-orders';
import { idArray, uniqueIds } from './id-list';
import { type Actor, writeActivity } from './order-activity';

export interface ChangeStatusActor extends Actor {
  role: Role;
}

export interface ChangeOrderStatusInput {
  orderIds: readonly number[];
  status: Status;
  /** erase the orders' personal data too (Admin only; only with status Deleted) */
  erase: boolean;
}

export interface ChangeOrderStatusResult {
  changed: number[];
  message: string;
  /** stored files of erased orders, to remove once the change has committed */
  erasedFiles: ErasedFiles;
}

interface LockedOrder {
  order_id: number | string;
  process_status: string;
  assigned_to: number | null;
}

/**
 * Moves orders to any status (DESIGN §2: no restriction on which may follow which). A soft
 * delete keeps the previous status; Completed records who processed the order; every change is
 * logged in the same transaction.
 */
export async function changeOrderStatus(
  db: Db,
  input: ChangeOrderStatusInput,
  actor: ChangeStatusActor,
): Promise<ChangeOrderStatusResult> {
  const ids = uniqueIds(input.orderIds);
  const isDelete = input.status === 'Deleted';
  if (input.erase && !isDelete) throw badRequest('Permanent deletion needs the Deleted status.');
  if (isDelete && !can(actor.role, 'orders.delete')) throw forbidden('Only an Admin or a Manager can delete orders.');
  if (input.erase && !can(actor.role, 'orders.erase')) throw forbidden('Only an Admin can delete orders permanently.');

  const result = await db.transaction(async (tx) => {
    const locked = await queryRows<LockedOrder>(
      tx,
      sql`select order_id, process_status, assigned_to from ${orders}
        where order_id = any(${idArray(ids)}) order by order_id for update`,
    );
    if (!locked.length) throw notFound(ids.length === 1 ? 'Order not found.' : 'Orders not found.');
    // An order someone has claimed sits in their My Orders: deleting it is for an Admin (SPEC §6).
    if (
      isDelete &&
      !can(actor.role, 'orders.deleteMine') &&
      locked.some((o) => o.process_status === 'New' && o.assigned_to !== null)
    ) {
      throw forbidden("Only an Admin can delete orders that are in someone's My Orders.");
    }
    const moving = locked.filter((o) => o.process_status !== input.status);
    const movingIds = moving.map((o) => Number(o.order_id));
    if (movingIds.length) {
      await tx.execute(sql`update ${orders} set
          process_status = ${input.status},
          previous_status = case
            when ${isDelete} then process_status
            else null end,
          processed_by_id = case when ${input.status === 'Completed'} then ${actor.id}::int else processed_by_id end,
          processed_by = case when ${input.status === 'Completed'} then ${actor.name} else processed_by end,
          processed_at = case when ${input.status === 'Completed'} then now() else processed_at end,
          updated_at = now()
        where order_id = any(${idArray(movingIds)})`);
      await writeActivity(
        tx,
        actor,
        moving.map((o) => ({
          orderId: Number(o.order_id),
          action: 'status-changed',
          from: o.process_status,
          to: input.status,
        })),
      );
    }
    const erasedFiles = input.erase
      ? await eraseOrders(
          tx,
          locked.map((o) => Number(o.order_id)),
          actor,
        )
      : { documents: [] };
    return { changed: movingIds, erasedFiles };
  });
  return {
    ...result,
    message: isDelete ? 'Order has been deleted successfully' : 'Order status has been changed successfully.',
  };
}
