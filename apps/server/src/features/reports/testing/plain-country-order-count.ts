import type { CountryReportRow } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client';
import { orders } from '../../../db/schema';
import { toCountryRow } from '../get-country-order-count';
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
  return rows.map(toCountryRow);
}
