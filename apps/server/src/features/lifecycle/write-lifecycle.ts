import type { CreditChange, Status } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { textArray } from '../../lib/sql-array';

/** One order's new lifecycle columns, as the table decided them. */
export interface LifecycleWrite {
  orderId: number;
  to: Status;
  credit: CreditChange;
  creditId: number | null;
  creditName: string | null;
  /** 'set' to assignee, 'clear', or 'keep' */
  assign: 'set' | 'clear' | 'keep';
  assignee: number | null;
  refund: boolean;
  erase: boolean;
}

/**
 * The only statement that writes process_status, previous_status, processed_by(_id),
 * processed_at, assigned_to, refund_date and erased_at: one UPDATE for the whole selection.
 * Returns the refund date of refunded orders.
 */
export async function writeLifecycle(tx: DbOrTx, writes: readonly LifecycleWrite[]): Promise<Map<number, string>> {
  const refundDates = new Map<number, string>();
  if (!writes.length) return refundDates;
  const col = <K extends keyof LifecycleWrite>(key: K) =>
    textArray(writes.map((w) => w[key] as string | number | null));
  const rows = await queryRows<{ order_id: number | string; refund_date: string | null }>(
    tx,
    sql`update orders o set
        process_status = v.to_status,
        previous_status = case when v.to_status <> o.process_status then o.process_status else o.previous_status end,
        processed_by_id = case v.credit when 'give' then v.credit_id when 'withdraw' then null else o.processed_by_id end,
        processed_by = case v.credit when 'give' then v.credit_name when 'withdraw' then null else o.processed_by end,
        processed_at = case v.credit when 'give' then now() when 'withdraw' then null else o.processed_at end,
        assigned_to = case v.assign when 'set' then v.assignee when 'clear' then null else o.assigned_to end,
        refund_date = case when v.refund then now() else o.refund_date end,
        erased_at = case when v.erase then coalesce(o.erased_at, now()) else o.erased_at end,
        updated_at = now()
      from unnest(${col('orderId')}::bigint[], ${col('to')}::text[], ${col('credit')}::text[],
          ${col('creditId')}::int[], ${col('creditName')}::text[], ${col('assign')}::text[],
          ${col('assignee')}::int[], ${col('refund')}::boolean[], ${col('erase')}::boolean[])
        as v(order_id, to_status, credit, credit_id, credit_name, assign, assignee, refund, erase)
      where o.order_id = v.order_id
      returning o.order_id, case when v.refund then
        to_char(o.refund_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') end as refund_date`,
  );
  for (const row of rows) if (row.refund_date) refundDates.set(Number(row.order_id), row.refund_date);
  return refundDates;
}
