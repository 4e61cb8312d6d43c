import { type FolderKey, SLA_STATUSES, type SlaHours, type SortDirection, type SortKey } from '@nzeta/domain';
import { type SQL, sql } from 'drizzle-orm';
import { orderDisputes, orders } from '../../db/schema';

/** How a folder page is ordered: rows go by (key, order_id) in `direction`. */
export interface Ordering {
  key: SQL;
  direction: SortDirection;
  /** SQL type the cursor's key is read back as */
  keyType: 'timestamptz' | 'date' | 'text' | 'bigint';
  /**
   * The key's index is built ascending (the primary key; name and e-mail, migration 0011): walked
   * backwards it gives DESC NULLS FIRST, so descending pages are spelled that way. The keys are
   * never NULL, so the rows come out the same.
   */
  ascendingIndex?: true;
}

export const NEWEST_FIRST: Ordering = { key: sql`${orders.createdAt}`, direction: 'desc', keyType: 'timestamptz' };
/**
 * The direction as the key's index is built: most are DESC NULLS LAST, and PostgreSQL walks an
 * index only for the very order it was built in (the keys are never NULL, so rows come out the
 * same). An ascending index read backwards gives DESC NULLS FIRST (`ascendingIndex`).
 */
export function directionOf(ordering: Ordering): SQL {
  if (ordering.ascendingIndex && ordering.direction === 'desc') return sql.raw('desc nulls first');
  return sql.raw(`${ordering.direction} nulls last`);
}

/** `order by` of a listing: its key, then the order id, both in the index's direction. */
export function orderByOf(ordering: Ordering): SQL {
  const dir = directionOf(ordering);
  return sql`order by ${ordering.key} ${dir}, ${orders.orderId} ${dir}`;
}

/** Future orders come up in the order they fall due. */
const BY_PROCESSING_DATE: Ordering = { key: sql`${orders.processingDate}`, direction: 'asc', keyType: 'date' };
/** Refunds still to pay first (no refund date sorts as infinity), then the latest refunded. */
const REFUNDS_PENDING_FIRST: Ordering = {
  key: sql`coalesce(${orders.refundDate}, 'infinity'::timestamptz)`,
  direction: 'desc',
  keyType: 'timestamptz',
};

export const disputeOf = (column: SQL) =>
  sql`(select ${column} from ${orderDisputes} where ${orderDisputes.orderId} = ${orders.orderId})`;
/** Charge Back is a work queue: the soonest respond-by date first, disputes without one last. */
const CHARGEBACK_BY_DEADLINE: Ordering = {
  key: sql`coalesce(${disputeOf(sql`${orderDisputes.respondBy}`)}, 'infinity'::date)`,
  direction: 'asc',
  keyType: 'date',
};

/** Fields a folder's rows carry besides every list row's, whatever they are sorted by. */
export function folderFields(folder: FolderKey): Array<[name: string, value: SQL]> {
  if (folder !== 'chargeBack') return [];
  return [
    ['respond_by', disputeOf(sql`${orderDisputes.respondBy}::text`)],
    ['dispute_state', disputeOf(sql`${orderDisputes.state}`)],
  ];
}

const slaStatuses = sql.join(
  SLA_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * When an order's service-level target runs out: paid time plus its mode's hours, for orders
 * still waiting on the team; null otherwise (closed statuses, Future orders).
 */
export function slaDueAt(hours: SlaHours): SQL {
  return sql`(case when ${orders.processStatus} in (${slaStatuses}) then ${orders.createdAt} + make_interval(hours => (case ${orders.processingMode} when 'Priority' then ${hours.priorityHours}::int when 'Standard' then ${hours.standardHours}::int end)) end)`;
}

/** Sort keys never NULL, so the keyset cursor compares plainly; empty names sort first. */
function sortKey(key: SortKey, hours: SlaHours): Pick<Ordering, 'key' | 'keyType' | 'ascendingIndex'> {
  switch (key) {
    case 'id':
      return { key: sql`${orders.orderId}`, keyType: 'bigint', ascendingIndex: true };
    case 'name':
      return { key: sql`coalesce(lower(${orders.fullName}), '')`, keyType: 'text', ascendingIndex: true };
    case 'email':
      return { key: sql`coalesce(lower(${orders.email}), '')`, keyType: 'text', ascendingIndex: true };
    case 'status':
      return { key: sql`${orders.processStatus}`, keyType: 'text' };
    case 'sla':
      // Orders on no clock go last when sorting by "breaching soon".
      return { key: sql`coalesce(${slaDueAt(hours)}, 'infinity'::timestamptz)`, keyType: 'timestamptz' };
    case 'date':
      return { key: sql`${orders.createdAt}`, keyType: 'timestamptz' };
  }
}

export interface SortChoice {
  sort?: SortKey | undefined;
  dir?: SortDirection | undefined;
}

/** The folder's own order unless the member chose a column (breaching soon: nearest due first). */
export function orderingOf(folder: FolderKey, choice: SortChoice = {}, hours?: SlaHours): Ordering {
  if (choice.sort && hours) {
    const fallback: SortDirection = choice.sort === 'date' ? 'desc' : 'asc';
    return { ...sortKey(choice.sort, hours), direction: choice.dir ?? fallback };
  }
  if (folder === 'futureOrder') return BY_PROCESSING_DATE;
  if (folder === 'chargeBack') return CHARGEBACK_BY_DEADLINE;
  if (folder === 'refundOrder') return REFUNDS_PENDING_FIRST;
  return NEWEST_FIRST;
}
