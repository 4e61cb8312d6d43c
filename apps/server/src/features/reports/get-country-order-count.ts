import type { CountryReportRow } from '@nzeta/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { orders, reportCountryDaily, reportCountryMonthly } from '../../db/schema';
import { datesWhere, instantsWhere, type ReportRange, splitRangeForRollup } from './report-range';

const nationalityOf = sql`coalesce(nullif(trim(${orders.nationality}), ''), 'Unknown')`;

/**
 * Orders per nationality, split by processing mode (SPEC §2.8), by order date in the business
 * zone. Soft-deleted orders are left out: they are duplicates and mistakes, not trade. Whole months
 * and days come from the rollups (a year is a few thousand rows, not half a million orders); the
 * partial days at the range's edges from the orders' date index.
 */
export async function getCountryOrderCount(
  db: DbOrTx,
  range: ReportRange,
  timeZone: string,
): Promise<CountryReportRow[]> {
  const { months, days, edges } = await splitRangeForRollup(db, range, timeZone);
  const parts: SQL[] = [];
  if (months) {
    const m = reportCountryMonthly;
    parts.push(sql`select ${m.nationality} as nationality, ${m.processingMode} as mode, ${m.count} as n
      from ${m} where ${datesWhere(m.month, months)}`);
  }
  for (const span of days) {
    const d = reportCountryDaily;
    parts.push(sql`select ${d.nationality} as nationality, ${d.processingMode} as mode, ${d.count} * ${span.sign} as n
      from ${d} where ${datesWhere(d.day, span)}`);
  }
  for (const edge of edges) {
    parts.push(sql`select ${nationalityOf} as nationality, ${orders.processingMode} as mode, count(*)::int * ${edge.sign} as n
      from ${orders}
      where ${orders.processStatus} <> 'Deleted' and ${instantsWhere(orders.createdAt, edge)}
      group by 1, 2`);
  }
  const rows = await db.transaction(async (tx) => {
    // Planned without parallel workers: the rollups make a year a few thousand rows (about 9 ms),
    // but their estimate crosses the parallel threshold, and starting two workers cost 40-50 ms
    // on a two-core virtual machine (61 ms with them, 9-18 without, on 1,000,000 orders).
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return queryRows<CountryReportRow>(tx, countryReport(parts));
  });
  return rows.map(toCountryRow);
}

/** The report's one statement: every part's counts, summed per nationality and mode. */
const countryReport = (parts: SQL[]) =>
  sql`select nationality,
        sum(n)::int as count,
        coalesce(sum(n) filter (where mode = 'Standard'), 0)::int as standard_count,
        coalesce(sum(n) filter (where mode = 'Priority'), 0)::int as priority_count,
        coalesce(sum(n) filter (where mode = 'Future'), 0)::int as future_count
      from (${sql.join(parts, sql` union all `)}) parts
      group by nationality
      having sum(n) > 0
      order by count desc, nationality`;

/** A row as the driver gives it (PostgreSQL may answer counts as text) into the report's numbers. */
export function toCountryRow(row: CountryReportRow): CountryReportRow {
  return {
    nationality: row.nationality,
    count: Number(row.count),
    standard_count: Number(row.standard_count),
    priority_count: Number(row.priority_count),
    future_count: Number(row.future_count),
  };
}
