import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

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
  if (range.fromDate) parts.push(sql`${column} >= ${rangeStart(range.fromDate, timeZone)}`);
  if (range.toDate) parts.push(sql`${column} < ${rangeEnd(range.toDate, timeZone)}`);
  return sql.join(parts, sql` and `);
}

const rangeStart = (fromDate: string, timeZone: string): SQL =>
  sql`(${fromDate}::date)::timestamp at time zone ${timeZone}`;
const rangeEnd = (toDate: string, timeZone: string): SQL =>
  sql`(${toDate}::date + 1)::timestamp at time zone ${timeZone}`;

/** An instant range [from, to); null is open. */
export interface InstantRange {
  from: string | null;
  to: string | null;
}

/**
 * A business-zone range cut for the daily rollups, whose days are UTC days: `days` are the whole
 * UTC days inside the range (null when it holds none), `edges` the instants before the first and
 * after the last of them, read from the orders themselves. A zone's midnight is rarely UTC's, so
 * a range usually has two edges of under a day each.
 */
export interface RollupRange {
  days: { from: string | null; to: string | null } | null;
  edges: InstantRange[];
}

export async function splitRangeForRollup(db: DbOrTx, range: ReportRange, timeZone: string): Promise<RollupRange> {
  const start = range.fromDate ? rangeStart(range.fromDate, timeZone) : sql`null::timestamptz`;
  const end = range.toDate ? rangeEnd(range.toDate, timeZone) : sql`null::timestamptz`;
  const [bounds] = await queryRows<{
    s: string | null;
    e: string | null;
    first_day: string | null;
    end_day: string | null;
  }>(
    db,
    sql`select s::text as s, e::text as e,
        ((s at time zone 'UTC')::date + case when (s at time zone 'UTC')::time = time '00:00' then 0 else 1 end)::text as first_day,
        ((e at time zone 'UTC')::date)::text as end_day
      from (select ${start} as s, ${end} as e) bounds`,
  );
  if (!bounds) throw new Error('the range bounds query returned no row');
  const { s, e, first_day: firstDay, end_day: endDay } = bounds;
  const hasWholeDays = firstDay === null || endDay === null || firstDay < endDay;
  if (!hasWholeDays) return { days: null, edges: [{ from: s, to: e }] };
  const edges: InstantRange[] = [];
  if (s !== null && firstDay !== null) edges.push({ from: s, to: `${firstDay} 00:00:00+00` });
  if (e !== null && endDay !== null) edges.push({ from: `${endDay} 00:00:00+00`, to: e });
  return { days: { from: firstDay, to: endDay }, edges };
}

/** `day` within the whole days of a rollup range. */
export function daysWhere(column: AnyColumn, days: { from: string | null; to: string | null }): SQL {
  const parts: SQL[] = [sql`true`];
  if (days.from !== null) parts.push(sql`${column} >= ${days.from}::date`);
  if (days.to !== null) parts.push(sql`${column} < ${days.to}::date`);
  return sql.join(parts, sql` and `);
}

/** `column` within an edge of a rollup range. */
export function instantsWhere(column: AnyColumn, edge: InstantRange): SQL {
  const parts: SQL[] = [sql`${column} is not null`];
  if (edge.from !== null) parts.push(sql`${column} >= ${edge.from}::timestamptz`);
  if (edge.to !== null) parts.push(sql`${column} < ${edge.to}::timestamptz`);
  return sql.join(parts, sql` and `);
}
