import { type FolderKey, type FolderOrderRow, type FolderPage, MONTHS, type Month } from '@nzeta/domain';
import { and, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { orderDisputes, orderRollup, orders, staff } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { type FolderContext, folderWhere } from './folder-sql';
import { countFolder } from './get-folder-counts';

/**
 * Every folder listing, search and export reads through this file, so the queries can be
 * measured and tuned in one place.
 *
 * Deep pages: the page's ids are found first, from an index alone ((status, created_at, order_id),
 * or (created_at, order_id) which carries the status for Order History, migration 0003), and only
 * those rows are read from the heap (a deferred join). Reading a folder to its end uses a keyset
 * cursor instead of OFFSET.
 */

/**
 * A search matching more rows than this answers `totalCapped` instead of counting them all.
 * Counting stops at the cap: on a million orders a common surname (7 % of them) reaches 1,000
 * matches within about 15,000 rows, where 10,000 took a scan of 140,000 (README, Benchmarks).
 */
export const SEARCH_COUNT_CAP = 1_000;

export interface FindFolderOrdersOptions {
  folder: FolderKey;
  ctx: FolderContext;
  perPage: number;
  /** 1-based; ignored when a cursor is given */
  page?: number;
  cursor?: string | undefined;
  month?: Month | undefined;
  search?: string | undefined;
  /** false skips the total (reading a folder page after page needs it once at most) */
  withTotal?: boolean;
  /** searches count at most this many matches (SEARCH_COUNT_CAP) */
  countCap?: number;
  /** the folder's size when neither a search nor a month narrows it (RollupCache); the rollup otherwise */
  folderSize?: () => Promise<number>;
}

interface Ordering {
  /** sort expression over `orders`; rows are ordered by (key, order_id) in `direction` */
  key: SQL;
  direction: 'asc' | 'desc';
  /** SQL type the cursor's key is read back as */
  keyType: 'timestamptz' | 'date';
  /** extra columns the folder's rows carry */
  columns?: SQL;
}

const NEWEST_FIRST: Ordering = { key: sql`${orders.createdAt}`, direction: 'desc', keyType: 'timestamptz' };
/** Future orders come up in the order they fall due. */
const BY_PROCESSING_DATE: Ordering = { key: sql`${orders.processingDate}`, direction: 'asc', keyType: 'date' };
/** Refunds still to pay first (no refund date sorts as infinity), then the latest refunded. */
const REFUNDS_PENDING_FIRST: Ordering = {
  key: sql`coalesce(${orders.refundDate}, 'infinity'::timestamptz)`,
  direction: 'desc',
  keyType: 'timestamptz',
};

const disputeOf = (column: SQL) =>
  sql`(select ${column} from ${orderDisputes} where ${orderDisputes.orderId} = ${orders.orderId})`;
/** Charge Back is a work queue: the soonest respond-by date first, disputes without one last. */
const CHARGEBACK_BY_DEADLINE: Ordering = {
  key: sql`coalesce(${disputeOf(sql`${orderDisputes.respondBy}`)}, 'infinity'::date)`,
  direction: 'asc',
  keyType: 'date',
  columns: sql`, ${disputeOf(sql`${orderDisputes.respondBy}::text`)} as respond_by,
    ${disputeOf(sql`${orderDisputes.state}`)} as dispute_state`,
};

export function orderingOf(folder: FolderKey): Ordering {
  if (folder === 'futureOrder') return BY_PROCESSING_DATE;
  if (folder === 'chargeBack') return CHARGEBACK_BY_DEADLINE;
  if (folder === 'refundOrder') return REFUNDS_PENDING_FIRST;
  return NEWEST_FIRST;
}

/** Case-insensitive substring (3+ characters, trigram index) or prefix (1-2 characters, btree). */
export function searchWhere(term: string | undefined): SQL | undefined {
  const trimmed = term?.trim() ?? '';
  if (!trimmed) return undefined;
  // LIKE treats % _ \ specially: escape them so the term matches literally.
  const escaped = trimmed.replace(/[\\%_]/g, (c) => `\\${c}`);
  if ([...trimmed].length >= 3) {
    return sql`${orders.searchText} like '%' || lower(${escaped}) || '%' escape '\\'`;
  }
  const prefix = sql`lower(${escaped}) || '%'`;
  return sql`(${orders.orderId}::text like ${prefix} escape '\\' or lower(${orders.email}) like ${prefix} escape '\\' or lower(${orders.fullName}) like ${prefix} escape '\\')`;
}

function monthNumber(month: Month): number {
  return MONTHS.indexOf(month) + 1;
}

function monthWhere(month: Month | undefined): SQL | undefined {
  return month ? sql`extract(month from ${orders.processingDate}) = ${monthNumber(month)}` : undefined;
}

interface Cursor {
  key: string;
  id: number;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

function decodeCursor(value: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      parsed[0].length <= 64 &&
      Number.isSafeInteger(parsed[1])
    ) {
      return { key: parsed[0], id: parsed[1] as number };
    }
  } catch {
    // reported below
  }
  throw badRequest('Invalid cursor.');
}

function afterCursor(ordering: Ordering, cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const op = ordering.direction === 'desc' ? sql`<` : sql`>`;
  const key = sql`${cursor.key}::${sql.raw(ordering.keyType)}`;
  return sql`(${ordering.key}, ${orders.orderId}) ${op} (${key}, ${cursor.id})`;
}

interface PageIdsQuery {
  where: SQL;
  ordering: Ordering;
  limit: number;
  offset: number;
}

/** The indexes are built DESC NULLS LAST; the same spelling lets the planner walk them in order. */
function directionOf(ordering: Ordering): SQL {
  return sql.raw(`${ordering.direction} nulls last`);
}

/** The ids (and sort keys) of one page, without touching the rows' other columns. */
function pageIdsQuery({ where, ordering, limit, offset }: PageIdsQuery): SQL {
  const dir = directionOf(ordering);
  return sql`select ${orders.orderId} as order_id, ${ordering.key} as sort_key from ${orders}
    where ${where} order by sort_key ${dir}, order_id ${dir} limit ${limit} offset ${offset}`;
}

interface RawRow extends Omit<FolderOrderRow, 'order_id'> {
  order_id: number | string;
  cursor_key: string;
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const listColumns = sql`${orders.orderId} as order_id, ${orders.processStatus} as process_status,
  ${orders.firstName} as first_name, ${orders.lastName} as last_name, ${orders.email} as email,
  ${orders.phoneNumber} as phone_number, ${orders.countryCode} as country_code,
  ${iso(sql`${orders.createdAt}`)} as created_at, ${iso(sql`${orders.refundDate}`)} as refund_date,
  ${orders.processingDate}::text as processing_date, ${orders.processMonth} as process_month,
  ${staff.name} as assign_to, ${orders.fullName} as full_name, ${orders.email} as contact_email_address`;

/**
 * The rows of one page. A page that starts at the top (page 1, or any page after a cursor) is
 * read in order straight from the index and the table; a deeper page first finds its ids from an
 * index alone, then reads only those rows (pageIdsQuery). The deferred join costs an extra index
 * probe per row, which doubled the work of the 5,000-row pages 'All' reads.
 */
async function readPage(db: DbOrTx, query: PageIdsQuery): Promise<RawRow[]> {
  const { where, ordering, limit, offset } = query;
  const dir = directionOf(ordering);
  if (offset === 0) {
    return queryRows<RawRow>(
      db,
      sql`select ${listColumns}${ordering.columns ?? sql``}, ${ordering.key}::text as cursor_key
        from ${orders} left join ${staff} on ${staff.id} = ${orders.assignedTo}
        where ${where} order by ${ordering.key} ${dir}, ${orders.orderId} ${dir} limit ${limit}`,
    );
  }
  return queryRows<RawRow>(
    db,
    sql`with page as (${pageIdsQuery(query)})
      select ${listColumns}${ordering.columns ?? sql``}, page.sort_key::text as cursor_key
      from page
      join ${orders} on ${orders.orderId} = page.order_id
      left join ${staff} on ${staff.id} = ${orders.assignedTo}
      order by page.sort_key ${dir}, page.order_id ${dir}`,
  );
}

function toRow({ cursor_key: _key, ...row }: RawRow): FolderOrderRow {
  return { ...row, order_id: Number(row.order_id) };
}

async function countSearch(db: DbOrTx, where: SQL, cap: number): Promise<{ total: number; totalCapped: boolean }> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from ${orders} where ${where} limit ${cap + 1}) as hits`,
  );
  const n = Number(row?.n ?? 0);
  return n > cap ? { total: cap, totalCapped: true } : { total: n, totalCapped: false };
}

async function countPlain(db: DbOrTx, folder: FolderKey, ctx: FolderContext, month: Month | undefined) {
  const extra = month ? sql`extract(month from ${orderRollup.processingDate}) = ${monthNumber(month)}` : undefined;
  return countFolder(db, folder, ctx, extra);
}

/** One page of a folder (optionally of a month of Future, optionally searched) with its total. */
export async function findFolderOrders(db: DbOrTx, options: FindFolderOrdersOptions): Promise<FolderPage> {
  const { folder, ctx, perPage } = options;
  const ordering = orderingOf(folder);
  const cursor = options.cursor ? decodeCursor(options.cursor) : undefined;
  const search = searchWhere(options.search);
  const filter = and(folderWhere(folder, ctx), monthWhere(options.month), search) as SQL;
  const where = and(filter, afterCursor(ordering, cursor)) as SQL;
  const offset = cursor ? 0 : ((options.page ?? 1) - 1) * perPage;

  const [raw, counted] = await Promise.all([
    readPage(db, { where, ordering, limit: perPage, offset }),
    options.withTotal === false
      ? { total: 0, totalCapped: false }
      : search
        ? countSearch(db, filter, options.countCap ?? SEARCH_COUNT_CAP)
        : (options.folderSize && !options.month
            ? options.folderSize()
            : countPlain(db, folder, ctx, options.month)
          ).then((total) => ({ total, totalCapped: false })),
  ]);
  const last = raw.at(-1);
  return {
    rows: raw.map(toRow),
    ...counted,
    nextCursor:
      last && raw.length === perPage ? encodeCursor({ key: last.cursor_key, id: Number(last.order_id) }) : null,
  };
}
