import { DELIVERED_STATUSES, type ProcessedReportRow } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../../db/client';
import { orders } from '../../../db/schema';
import { type ReportRange, rangeWhere } from '../report-range';

/**
 * The report read from the orders alone, as it was before the rollups: the reference the rollup
 * path is tested against.
 *
 * Orders per staff member who processed them (SPEC §2.9), by the day they were processed: only
 * orders in a delivered status count, by the lifecycle's processed-by credit (DESIGN §2).
 */
export async function plainProcessedByCount(
  db: DbOrTx,
  range: ReportRange,
  timeZone: string,
): Promise<ProcessedReportRow[]> {
  const rows = await queryRows<ProcessedReportRow>(
    db,
    sql`select ${orders.processedBy} as processed_by, count(*)::int as count
      from ${orders}
      where ${orders.processedBy} is not null
        and ${orders.processStatus} in (${sql.join(
          DELIVERED_STATUSES.map((status) => sql`${status}`),
          sql`, `,
        )})
        and ${rangeWhere(orders.processedAt, range, timeZone)}
      group by 1
      order by count desc, processed_by`,
  );
  return rows.map((row) => ({ processed_by: row.processed_by, count: Number(row.count) }));
}
