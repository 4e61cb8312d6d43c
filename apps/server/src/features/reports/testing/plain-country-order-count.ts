import type { CountryReportRow } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client';
import { orders } from '../../../db/schema';
import { type ReportRange, rangeWhere } from '../report-range';

/**
 * The report read from the orders alone, as it was before the rollups: the reference the rollup
 * path is tested against.
 *
 * Orders per nationality, split by processing mode (SPEC §2.8), by order date. Soft-deleted
 * orders are left out: they are duplicates and mistakes, not trade.
 */
export async function plainCountryOrderCount(
  db: DbOrTx,
  range: ReportRange,
  timeZone: string,
): Promise<CountryReportRow[]> {
  const rows = await queryRows<CountryReportRow>(
    db,
    sql`select coalesce(nullif(trim(${orders.nationality}), ''), 'Unknown') as nationality,
        count(*)::int as count,
        (count(*) filter (where ${orders.processingMode} = 'Standard'))::int as standard_count,
        (count(*) filter (where ${orders.processingMode} = 'Priority'))::int as priority_count,
        (count(*) filter (where ${orders.processingMode} = 'Future'))::int as future_count
      from ${orders}
      where ${orders.processStatus} <> 'Deleted' and ${rangeWhere(orders.createdAt, range, timeZone)}
      group by 1
      order by count desc, nationality`,
  );
  return rows.map((row) => ({
    nationality: row.nationality,
    count: Number(row.count),
    standard_count: Number(row.standard_count),
    priority_count: Number(row.priority_count),
    future_count: Number(row.future_count),
  }));
}
