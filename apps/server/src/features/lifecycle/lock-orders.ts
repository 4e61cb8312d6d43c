import { isStatus, type OrderState } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { idArray } from '../../lib/id-list';

export interface LockedOrder extends OrderState {
  orderId: number;
  /** name of the member holding the order, for "already taken by …" */
  assigneeName: string | null;
}

interface Row {
  order_id: number | string;
  process_status: string;
  previous_status: string | null;
  assigned_to: number | null;
  refunded: boolean;
  erased: boolean;
  credited: boolean;
}

/**
 * Reads and locks the orders (in id order, so two bulk actions never deadlock). FOR UPDATE
 * returns the latest committed version after waiting: of two people claiming one order, the
 * second sees the first one's claim.
 */
export async function lockOrders(tx: DbOrTx, ids: readonly number[]): Promise<Map<number, LockedOrder>> {
  const rows = await queryRows<Row>(
    tx,
    sql`select o.order_id, o.process_status, o.previous_status, o.assigned_to,
        o.refund_date is not null as refunded, o.erased_at is not null as erased,
        (o.processed_by is not null or o.processed_by_id is not null) as credited
      from orders o
      where o.order_id = any(${idArray(ids)}) order by o.order_id for update`,
  );
  // Names are read after the lock: a row re-read after waiting does not re-run an outer join,
  // so a claim made meanwhile would come without its holder's name.
  const holderIds = [...new Set(rows.map((row) => row.assigned_to).filter((id): id is number => id !== null))];
  const holders = holderIds.length
    ? await queryRows<{ id: number; name: string }>(
        tx,
        sql`select id, name from staff where id = any(${`{${holderIds.join(',')}}`}::int[])`,
      )
    : [];
  const nameOf = new Map(holders.map((h) => [Number(h.id), h.name]));
  const locked = new Map<number, LockedOrder>();
  for (const row of rows) {
    const orderId = Number(row.order_id);
    locked.set(orderId, {
      orderId,
      status: isStatus(row.process_status) ? row.process_status : 'New',
      previousStatus: isStatus(row.previous_status) ? row.previous_status : null,
      assignedTo: row.assigned_to === null ? null : Number(row.assigned_to),
      assigneeName: row.assigned_to === null ? null : (nameOf.get(Number(row.assigned_to)) ?? null),
      refunded: !!row.refunded,
      erased: !!row.erased,
      credited: !!row.credited,
    });
  }
  return locked;
}
