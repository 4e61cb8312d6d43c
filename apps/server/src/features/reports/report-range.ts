import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

export interface ReportRange {
  fromDate?: string | undefined;
  toDate?: string | undefined;
}

/**
 * From and To are calendar days in the business time zone, both included: the range runs from
 * From's midnight there to the midnight after To.
 */
export function rangeWhere(column: AnyColumn, range: ReportRange, timeZone: string): SQL {
  const parts: SQL[] = [sql`${column} is not null`];
  if (range.fromDate) parts.push(sql`${column} >= (${range.fromDate}::date)::timestamp at time zone ${timeZone}`);
  if (range.toDate) parts.push(sql`${column} < (${range.toDate}::date + 1)::timestamp at time zone ${timeZone}`);
  return sql.join(parts, sql` and `);
}
