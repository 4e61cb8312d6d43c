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

/** A range [from, to) of instants, UTC days or UTC months, in epoch milliseconds; null is open. */
export interface Span {
  from: number | null;
  to: number | null;
}

/** A span counted with a sign: the plan may read a little more and take the excess back out. */
export interface SignedSpan extends Span {
  sign: 1 | -1;
}

/**
 * How to count a business-zone range from the rollups, whose days and months are UTC's: the whole
 * `months` from the monthly table, signed `days` from the daily one, signed `edges` (parts of a
 * day) from the orders themselves. A zone's midnight is rarely UTC's, so a range usually has two
 * edges of under a day each. Each end is rounded to the nearer day and month boundary, adding
 * what lies inside or taking back out what lies outside: a year from 1 January in New York reads
 * twelve months, minus the five hours of 1 January UTC before its midnight there.
 */
export interface RollupPlan {
  months: Span | null;
  days: SignedSpan[];
  edges: SignedSpan[];
}

const DAY = 86_400_000;
const floorDay = (ms: number) => Math.floor(ms / DAY) * DAY;
const ceilDay = (ms: number) => Math.ceil(ms / DAY) * DAY;
const monthStart = (ms: number, add: number) => {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + add, 1);
};
const floorMonth = (ms: number) => monthStart(ms, 0);
const ceilMonth = (ms: number) => (floorMonth(ms) === ms ? ms : monthStart(ms, 1));

/** Rows read, roughly: a month of the monthly table ~ a day of the daily one ~ half a day of orders. */
function cost(plan: RollupPlan): number {
  const length = (span: Span) => ((span.to ?? 0) - (span.from ?? 0)) / DAY;
  const months = plan.months && plan.months.from !== null && plan.months.to !== null ? length(plan.months) / 30 : 0;
  return (
    months + plan.days.reduce((sum, d) => sum + length(d), 0) + plan.edges.reduce((sum, e) => sum + 2 * length(e), 0)
  );
}

/** Only whole days and months inside the range, edges added: right for any range. */
function planInside(s: number | null, e: number | null): RollupPlan {
  const d0 = s === null ? null : ceilDay(s);
  const d1 = e === null ? null : floorDay(e);
  if (d0 !== null && d1 !== null && d0 >= d1) return { months: null, days: [], edges: [{ from: s, to: e, sign: 1 }] };
  const edges: SignedSpan[] = [];
  if (s !== null && d0 !== null && s < d0) edges.push({ from: s, to: d0, sign: 1 });
  if (e !== null && d1 !== null && d1 < e) edges.push({ from: d1, to: e, sign: 1 });
  const m0 = d0 === null ? null : ceilMonth(d0);
  const m1 = d1 === null ? null : floorMonth(d1);
  if (m0 !== null && m1 !== null && m0 >= m1) return { months: null, days: [{ from: d0, to: d1, sign: 1 }], edges };
  const days: SignedSpan[] = [];
  if (d0 !== null && m0 !== null && d0 < m0) days.push({ from: d0, to: m0, sign: 1 });
  if (d1 !== null && m1 !== null && m1 < d1) days.push({ from: m1, to: d1, sign: 1 });
  return { months: { from: m0, to: m1 }, days, edges };
}

/**
 * Moves a range's start (or end) to the nearer of two boundaries around it: towards the inside
 * the span passed over is added, towards the outside it is taken back out. A tie goes inside.
 */
function roundEnd(at: number, down: number, up: number, side: 'start' | 'end'): { at: number; span?: SignedSpan } {
  if (down === at) return { at };
  if (side === 'start') {
    return up - at <= at - down
      ? { at: up, span: { from: at, to: up, sign: 1 } }
      : { at: down, span: { from: down, to: at, sign: -1 } };
  }
  return at - down <= up - at
    ? { at: down, span: { from: down, to: at, sign: 1 } }
    : { at: up, span: { from: at, to: up, sign: -1 } };
}

/**
 * Each end rounded to its nearer day, then to its nearer month. [s, e) = [mStart, mEnd) plus the
 * signed parts holds as long as mStart ≤ mEnd; otherwise null.
 */
function planNearest(s: number | null, e: number | null): RollupPlan | null {
  const days: SignedSpan[] = [];
  const edges: SignedSpan[] = [];
  const round = (at: number, side: 'start' | 'end') => {
    const day = roundEnd(at, floorDay(at), ceilDay(at), side);
    if (day.span) edges.push(day.span);
    const month = roundEnd(day.at, floorMonth(day.at), ceilMonth(day.at), side);
    if (month.span) days.push(month.span);
    return month.at;
  };
  const mStart = s === null ? null : round(s, 'start');
  const mEnd = e === null ? null : round(e, 'end');
  if (mStart !== null && mEnd !== null && mStart > mEnd) return null;
  return { months: mStart !== null && mStart === mEnd ? null : { from: mStart, to: mEnd }, days, edges };
}

/** The cheaper of the two plans for a range of instants [s, e) (epoch ms, null open). */
export function planRollupRange(s: number | null, e: number | null): RollupPlan {
  const inside = planInside(s, e);
  const nearest = planNearest(s, e);
  return nearest && cost(nearest) < cost(inside) ? nearest : inside;
}

/** The range's instants, from the business zone's midnights, then the plan. */
export async function splitRangeForRollup(db: DbOrTx, range: ReportRange, timeZone: string): Promise<RollupPlan> {
  const start = range.fromDate ? rangeStart(range.fromDate, timeZone) : sql`null::timestamptz`;
  const end = range.toDate ? rangeEnd(range.toDate, timeZone) : sql`null::timestamptz`;
  const [bounds] = await queryRows<{ s: string | null; e: string | null }>(
    db,
    sql`select (extract(epoch from ${start}) * 1000)::bigint::text as s, (extract(epoch from ${end}) * 1000)::bigint::text as e`,
  );
  const ms = (value: string | null | undefined) => (value == null ? null : Number(value));
  return planRollupRange(ms(bounds?.s), ms(bounds?.e));
}

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A date column (day or month) within a span of whole days or months. */
export function datesWhere(column: AnyColumn, span: Span): SQL {
  const parts: SQL[] = [sql`true`];
  if (span.from !== null) parts.push(sql`${column} >= ${isoDate(span.from)}::date`);
  if (span.to !== null) parts.push(sql`${column} < ${isoDate(span.to)}::date`);
  return sql.join(parts, sql` and `);
}

/** `column` within an edge of a rollup plan. */
export function instantsWhere(column: AnyColumn, edge: Span): SQL {
  const parts: SQL[] = [sql`${column} is not null`];
  if (edge.from !== null) parts.push(sql`${column} >= ${new Date(edge.from).toISOString()}::timestamptz`);
  if (edge.to !== null) parts.push(sql`${column} < ${new Date(edge.to).toISOString()}::timestamptz`);
  return sql.join(parts, sql` and `);
}
