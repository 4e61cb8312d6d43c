import {
  DEFAULT_SLA_HOURS,
  type FolderColumn,
  type FolderKey,
  type FolderOrderRow,
  type FolderPage,
  folderOf,
  MONTHS,
  type Month,
  type SlaHours,
  type Status,
} from '@nzeta/domain';
import { and, type SQL, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { compiledFragment, type DbOrTx, queryRows, queryRowsPrepared } from '../../db/client';
import { orderDisputes, orderRollup, orders, staff } from '../../db/schema';
import { limitLiteral } from '../../lib/sql-limit';
import { afterCursor, decodeCursor, encodeCursor } from './folder-cursor';
import { findSearchMatches, SEARCH_COUNT_CAP, searchWhere } from './folder-search';
import { type FolderContext, folderWhere } from './folder-sql';
import { countFolder } from './get-folder-counts';
import { LIST_VERSION, listAnchorsOf } from './list-anchors';
import {
  directionOf,
  disputeOf,
  folderFields,
  type Ordering,
  orderingOf,
  type SortChoice,
  slaDueAt,
} from './list-ordering';

/**
 * Every folder listing, search and export reads through this file, so the queries can be
 * measured and tuned in one place.
 *
 * Deep pages: the page starts from the anchor just before it (list-anchors.ts: every 500th row's
 * key, kept while no order changed), so page 10,000 skips fewer than 500 rows. Its ids are found
 * from an index alone ((status, created_at, order_id), or (created_at, order_id) which carries the
 * status for Order History, migration 0003), and only those rows are read from the heap (a deferred
 * join). A search reads with plain OFFSET. Reading a folder to its end uses a keyset
 * cursor instead of OFFSET (folder-cursor.ts); a search narrows the listing (folder-search.ts).
 */

export { SEARCH_COUNT_CAP, searchWhere };

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
  /** a column chosen to sort by (list-ordering.ts) */
  sort?: SortChoice;
  /** only orders of this stored status (the Order History filter) */
  status?: Status | undefined;
  /** service-level targets: each row's sla_due_at, and the "breaching soon" sort */
  sla?: SlaHours;
  /** true reads deep pages with plain OFFSET, never from anchors (the reference tests compare with) */
  plain?: boolean;
}

function monthNumber(month: Month): number {
  return MONTHS.indexOf(month) + 1;
}

function monthWhere(month: Month | undefined): SQL | undefined {
  return month ? sql`extract(month from ${orders.processingDate}) = ${monthNumber(month)}` : undefined;
}

export interface PageIdsQuery {
  /** the select list */
  columns: SQL;
  where: SQL;
  ordering: Ordering;
  limit: number;
  offset: number;
}

/** The ids (and sort keys) of one page, without touching the rows' other columns. */
function pageIdsQuery({ where, ordering, limit, offset }: PageIdsQuery): SQL {
  const dir = directionOf(ordering);
  return sql`select ${orders.orderId} as order_id, ${ordering.key} as sort_key from ${orders}
    where ${where} order by sort_key ${dir}, order_id ${dir} limit ${limitLiteral(limit)} offset ${offset}`;
}

/** What every row read for a page carries besides its fields. */
interface PageRow {
  order_id: number | string;
  cursor_key: string;
  /** the order list version the page was read at (anchored pages) */
  list_version?: string;
}

export interface RawRow extends Omit<FolderOrderRow, 'order_id'>, PageRow {}

/** A row as the answer writes it (listRowJson). */
interface TextRow extends PageRow {
  row_json: string;
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type Field = [name: string, value: SQL];

/** Every field of a list row (FolderOrderRow); Charge Back's rows add their dispute's. */
function listFields(folder: FolderKey, hours: SlaHours): Field[] {
  return [
    ['order_id', sql`${orders.orderId}`],
    ['process_status', sql`${orders.processStatus}`],
    ['first_name', sql`${orders.firstName}`],
    ['last_name', sql`${orders.lastName}`],
    ['email', sql`${orders.email}`],
    ['phone_number', sql`${orders.phoneNumber}`],
    ['country_code', sql`${orders.countryCode}`],
    ['created_at', iso(sql`${orders.createdAt}`)],
    ['refund_date', iso(sql`${orders.refundDate}`)],
    ['processing_date', sql`${orders.processingDate}::text`],
    ['process_month', sql`${orders.processMonth}`],
    ['assign_to', sql`${staff.name}`],
    ['full_name', sql`${orders.fullName}`],
    ['contact_email_address', sql`${orders.email}`],
    ['processing_mode', sql`${orders.processingMode}`],
    ['sla_due_at', iso(slaDueAt(hours))],
    ...folderFields(folder),
  ];
}

const asColumns = (fields: Iterable<Field>) =>
  sql.join(
    [...fields].map(([name, value]) => sql`${value} as ${sql.raw(`"${name}"`)}`),
    sql`, `,
  );

/**
 * One JSON object per row, made by the database (names are ours, never a caller's): row_to_json of
 * a one-row select of the fields. json_build_object looked up how to write each argument's type
 * again for every field of every row; writing a 500-row page this way costs a fifth less of the
 * database's time (2.4 → 1.9 ms on a million orders), and the objects come without the blanks
 * json_build_object put around each colon.
 */
const asJsonObject = (fields: Iterable<Field>) =>
  sql`(select row_to_json(fields) from (select ${asColumns(fields)}) as fields)`;

/**
 * A select list built and compiled once per folder and service-level hours, the only things it
 * depends on: building the list's tree and compiling it again took about a fifth of the server's
 * own time on a search or a small page (V8 profile, 1,000,000 orders). The hours are written into
 * the text as numbers, so each setting of them is a statement text of its own.
 */
function keptSelectList(build: (folder: FolderKey, hours: SlaHours) => SQL): SelectList {
  // Fourteen folders for each of the last settings of the hours.
  const kept = new LRUCache<string, SQL>({ max: 200 });
  return (folder, hours) => {
    const key = `${folder}|${hours.priorityHours}|${hours.standardHours}`;
    let list = kept.get(key);
    if (!list) {
      list = compiledFragment(build(folder, hours));
      kept.set(key, list);
    }
    return list;
  };
}

/**
 * A list row as the answer writes it, from the database: the server passes the text on without
 * parsing it into an object and writing it out again, which was most of the server's work for a
 * page of 500 rows (findFolderPageText).
 */
const listRowJson = keptSelectList((folder, hours) => rowJson(listFields(folder, hours)));

/** The select list of rows read as JSON text: the object, and the id the next page starts after. */
const rowJson = (fields: Iterable<Field>) =>
  sql`${asJsonObject(fields)}::text as row_json, ${orders.orderId} as order_id`;

/** The select list of rows read as objects. */
const listRowColumns = keptSelectList((folder, hours) => asColumns(listFields(folder, hours)));

/** What a page's rows are read as: objects (listRowColumns) or JSON text (listRowJson, shownRowJson). */
export type SelectList = (folder: FolderKey, hours: SlaHours) => SQL;

/** Fields each folder table column shows (packages/domain FOLDERS), besides id, status and assignee. */
const SHOWN: Record<FolderColumn, (hours: SlaHours) => Field[]> = {
  id: () => [],
  action: () => [],
  name: () => [
    ['first_name', sql`${orders.firstName}`],
    ['last_name', sql`${orders.lastName}`],
  ],
  email: () => [['email', sql`${orders.email}`]],
  telephone: () => [
    ['phone_number', sql`${orders.phoneNumber}`],
    ['country_code', sql`${orders.countryCode}`],
  ],
  date: () => [['created_at', iso(sql`${orders.createdAt}`)]],
  // the status reads "Refunded" once a refund date is set, and carries the service-level badge
  status: (hours) => [
    ['refund_date', iso(sql`${orders.refundDate}`)],
    ['sla_due_at', iso(slaDueAt(hours))],
  ],
  refundDate: () => [['refund_date', iso(sql`${orders.refundDate}`)]],
  processDate: () => [['processing_date', sql`${orders.processingDate}::text`]],
  processMonth: () => [['process_month', sql`${orders.processMonth}`]],
  respondBy: () => [['respond_by', disputeOf(sql`${orderDisputes.respondBy}::text`)]],
  disputeState: () => [['dispute_state', disputeOf(sql`${orderDisputes.state}`)]],
};

/**
 * Only what the folder's table shows, as one JSON object per row made by the database (what
 * 'All' streams, stream-folder-orders.ts): the server passes the text on without parsing it.
 */
export const shownRowJson: SelectList = keptSelectList((folder, hours) => {
  const fields = new Map<string, SQL>([
    ['order_id', sql`${orders.orderId}`],
    ['process_status', sql`${orders.processStatus}`],
    ['assign_to', sql`${staff.name}`],
  ]);
  for (const column of folderOf(folder).columns) {
    for (const [name, value] of SHOWN[column](hours)) fields.set(name, value);
  }
  return rowJson(fields);
});

/**
 * The rows of one page. A page that starts at the top (page 1, or any page after a cursor) is
 * read in order straight from the index and the table; a deeper page first finds its ids from an
 * index alone, then reads only those rows (pageIdsQuery). The deferred join costs an extra index
 * probe per row, which doubled the work of the 5,000-row pages 'All' reads.
 */
export function pageQuery(query: PageIdsQuery, version?: SQL): SQL {
  const { where, ordering, limit, offset } = query;
  const dir = directionOf(ordering);
  const { columns } = query;
  const extra = version ? sql`, ${version} as list_version` : sql``;
  if (offset === 0) {
    return sql`select ${columns}${extra}, ${ordering.key}::text as cursor_key
        from ${orders} left join ${staff} on ${staff.id} = ${orders.assignedTo}
        where ${where} order by ${ordering.key} ${dir}, ${orders.orderId} ${dir} limit ${limitLiteral(limit)}`;
  }
  return sql`with page as (${pageIdsQuery(query)})
      select ${columns}${extra}, page.sort_key::text as cursor_key
      from page
      join ${orders} on ${orders.orderId} = page.order_id
      left join ${staff} on ${staff.id} = ${orders.assignedTo}
      order by page.sort_key ${dir}, page.order_id ${dir}`;
}

async function readPage<T extends PageRow>(db: DbOrTx, query: PageIdsQuery): Promise<T[]> {
  return queryRows<T>(db, pageQuery(query));
}

/**
 * A deep page read from the anchor before it (list-anchors.ts) when the anchors are current in the
 * page's own snapshot; otherwise (and for shallow pages) with plain OFFSET. The read from an
 * anchor has the same best plan wherever the anchor is (walk the listing's index from it), so it
 * is prepared: planning it took longer than running it (500-row page, 1,000,000 orders: parse
 * 0.4 ms, plan 0.8, run 1.7).
 */
async function readDeepPage<T extends PageRow>(db: DbOrTx, query: PageIdsQuery): Promise<T[]> {
  const anchors = listAnchorsOf(db);
  const seek = await anchors.seek(db, query.where, query.ordering, query.offset);
  if (seek) {
    const where = and(query.where, afterCursor(query.ordering, seek.anchor)) as SQL;
    const rows = await queryRowsPrepared<T>(db, pageQuery({ ...query, where, offset: seek.skip }, LIST_VERSION));
    // An empty page says nothing of the version (a page past the end): read it plainly.
    if (rows.length > 0 && anchors.settle(query.where, query.ordering, seek, rows[0]?.list_version)) return rows;
  }
  return readPage<T>(db, query);
}

function toRow({ cursor_key: _key, list_version: _version, ...row }: RawRow): FolderOrderRow {
  return { ...row, order_id: Number(row.order_id) };
}

async function countPlain(db: DbOrTx, folder: FolderKey, ctx: FolderContext, month?: Month, status?: Status) {
  const extra = and(
    month ? sql`extract(month from ${orderRollup.processingDate}) = ${monthNumber(month)}` : undefined,
    status ? sql`${orderRollup.status} = ${status}` : undefined,
  );
  return countFolder(db, folder, ctx, extra);
}

/** What a page of a listing reads: its ordering, its condition, where it starts, and its total. */
export async function planFolderPage(
  db: DbOrTx,
  options: FindFolderOrdersOptions,
  selectList: SelectList = listRowColumns,
) {
  const { folder, ctx, perPage } = options;
  const sla = options.sla ?? DEFAULT_SLA_HOURS;
  const ordering = orderingOf(folder, options.sort, sla);
  const cursor = options.cursor ? decodeCursor(options.cursor) : undefined;
  const status = options.status ? sql`${orders.processStatus} = ${options.status}` : undefined;
  const unsearched = and(folderWhere(folder, ctx), monthWhere(options.month), status) as SQL;
  const cap = options.countCap ?? SEARCH_COUNT_CAP;
  const search = options.search ? await findSearchMatches(db, unsearched, options.search, cap) : undefined;
  const filter = and(unsearched, search?.where) as SQL;
  const where = and(filter, afterCursor(ordering, cursor)) as SQL;
  const offset = cursor ? 0 : ((options.page ?? 1) - 1) * perPage;
  const columns = selectList(folder, sla);
  const query: PageIdsQuery = { columns, where, ordering, limit: perPage, offset };
  const total = (): Promise<{ total: number; totalCapped: boolean }> =>
    options.withTotal === false
      ? Promise.resolve({ total: 0, totalCapped: false })
      : search
        ? Promise.resolve({ total: search.total, totalCapped: search.totalCapped })
        : (options.folderSize && !options.month && !options.status
            ? options.folderSize()
            : countPlain(db, folder, ctx, options.month, options.status)
          ).then((total) => ({ total, totalCapped: false }));
  return { query, search, total };
}

/** The keyset cursor of a page's last row when the page is full (more rows may follow). */
export function nextCursorOf(last: Pick<PageRow, 'cursor_key' | 'order_id'> | undefined, full: boolean) {
  return last && full ? encodeCursor({ key: last.cursor_key, id: Number(last.order_id) }) : null;
}

async function readListing<T extends PageRow>(db: DbOrTx, options: FindFolderOrdersOptions, selectList?: SelectList) {
  const planned = await planFolderPage(db, options, selectList);
  const { query } = planned;
  const read = planned.search
    ? planned.search.queryRows<T>(db, pageQuery(query))
    : options.plain
      ? readPage<T>(db, query)
      : readDeepPage<T>(db, query);
  const [rows, counted] = await Promise.all([read, planned.total()]);
  return { rows, ...counted, nextCursor: nextCursorOf(rows.at(-1), rows.length === options.perPage) };
}

/** One page of a folder (optionally of a month of Future, optionally searched) with its total. */
export async function findFolderOrders(db: DbOrTx, options: FindFolderOrdersOptions): Promise<FolderPage> {
  const page = await readListing<RawRow>(db, options);
  return { ...page, rows: page.rows.map(toRow) };
}

/** A folder page whose rows are the JSON text the answer carries (listRowJson). */
export interface FolderPageText extends Omit<FolderPage, 'rows'> {
  rowsJson: string[];
}

/** The page findFolderOrders reads, each row written as JSON by the database: the list and search calls. */
export async function findFolderPageText(db: DbOrTx, options: FindFolderOrdersOptions): Promise<FolderPageText> {
  const { rows, ...page } = await readListing<TextRow>(db, options, listRowJson);
  return { ...page, rowsJson: rows.map((row) => row.row_json) };
}
