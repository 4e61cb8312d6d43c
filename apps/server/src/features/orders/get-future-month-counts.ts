import { MONTHS, type MonthCount } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { orderRollup } from '../../db/schema';
import { type FolderContext, rollupWhere } from './folder-sql';

/** Future Orders by month of their processing date, Jan to Dec (DESIGN §7), from the rollup. */
export async function getFutureMonthCounts(db: DbOrTx, ctx: FolderContext): Promise<MonthCount[]> {
  const rows = await queryRows<{ month: number; count: number }>(
    db,
    sql`select extract(month from ${orderRollup.processingDate})::int as month, sum(${orderRollup.count})::int as count
      from ${orderRollup} where ${rollupWhere('futureOrder', ctx)} group by 1`,
  );
  const byMonth = new Map(rows.map((row) => [Number(row.month), Number(row.count)]));
  return MONTHS.map((month, index) => ({ month, count: byMonth.get(index + 1) ?? 0 }));
}
