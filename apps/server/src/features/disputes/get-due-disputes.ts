import { addDaysIso, DUE_SOON_DAYS } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { orderDisputes, orders } from '../../db/schema';

/**
 * The dashboard tile "Disputes due in 3 days": orders in ChargeBack whose open dispute must be
 * answered by today + 3 (overdue ones included: they are the most urgent).
 */
export async function countDueDisputes(db: DbOrTx, today: string): Promise<number> {
  const until = addDaysIso(today, DUE_SOON_DAYS);
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${orderDisputes} d join ${orders} o on o.order_id = d.order_id
      where o.process_status = 'ChargeBack' and d.respond_by <= ${until}
        and d.state not in ('won', 'lost', 'accepted')`,
  );
  return Number(row?.n ?? 0);
}
