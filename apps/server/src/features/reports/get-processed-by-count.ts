import { DELIVERED_STATUSES, type ProcessedReportRow } from '@nzeta/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { orders, reportProcessedDaily, reportProcessedMonthly } from '../../db/schema';
import { datesWhere, instantsWhere, type ReportRange, splitRangeForRollup } from './report-range';

/**
 * Orders per staff member who processed them (SPEC §2.9), by the day they were processed: only
 * orders in a delivered status count, by the lifecycle's processed-by credit (DESIGN §2). Whole
 * months and days come from the rollups, the partial days at the range's edges from the orders.
 */
export async function getProcessedByCount(
  db: DbOrTx,
  range: ReportRange,
  timeZone: string,
): Promise<ProcessedReportRow[]> {
  const { months, days, edges } = await splitRangeForRollup(db, range, timeZone);
  const parts: SQL[] = [];
  if (months) {
    const m = reportProcessedMonthly;
    parts.push(
      sql`select ${m.processedBy} as processed_by, ${m.count} as n from ${m} where ${datesWhere(m.month, months)}`,
    );
  }
  for (const span of days) {
    const d = reportProcessedDaily;
    parts.push(
      sql`select ${d.processedBy} as processed_by, ${d.count} * ${span.sign} as n from ${d} where ${datesWhere(d.day, span)}`,
    );
  }
  for (const edge of edges) {
    parts.push(sql`select ${orders.processedBy} as processed_by, count(*)::int * ${edge.sign} as n
      from ${orders}
      where ${orders.processedBy} is not null
        and ${orders.processStatus} in (${sql.join(
          DELIVERED_STATUSES.map((status) => sql`${status}`),
          sql`, `,
        )})
        and ${instantsWhere(orders.processedAt, edge)}
      group by 1`);
  }
  const rows = await queryRows<ProcessedReportRow>(
    db,
    sql`select processed_by, sum(n)::int as count
      from (${sql.join(parts, sql` union all `)}) parts
      group by processed_by
      having sum(n) > 0
      order by count desc, processed_by`,
  );
  return rows.map((row) => ({ processed_by: row.processed_by, count: Number(row.count) }));
}
