import {
  can,
  FOLDER_KEYS,
  FOLDER_SEARCH_PREFERENCE,
  type FolderKey,
  folderOf,
  type GlobalSearchHit,
  isInFolder,
  type Role,
  statusLabel,
} from '@nzeta/domain';
import { and, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { orders, staff } from '../../db/schema';
import {
  type FolderContext,
  findSearchMatches,
  folderWhere,
  NEWEST_FIRST,
  orderByOf,
  SEARCH_COUNT_CAP,
} from '../orders';

export const GLOBAL_SEARCH_LIMIT = 20;

/** The folders a role may open (DESIGN §3): Order History needs its own permission. */
export function foldersFor(role: Role): FolderKey[] {
  return FOLDER_KEYS.filter((key) => {
    const { permission } = folderOf(key);
    return !permission || can(role, permission);
  });
}

interface HitRow extends Omit<GlobalSearchHit, 'folder' | 'match' | 'order_id' | 'status_label'> {
  refund_date: string | null;
  order_id: string | number;
  assigned_to: number | null;
  processing_date: string | null;
}

const hitColumns = sql`${orders.orderId} as order_id, ${orders.fullName} as full_name, ${orders.email} as email,
  ${orders.phoneNumber} as phone_number, ${orders.countryCode} as country_code,
  ${orders.processStatus} as process_status, ${orders.processingMode} as processing_mode,
  ${orders.refundDate}::text as refund_date,
  to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  ${staff.name} as assign_to, ${orders.assignedTo} as assigned_to, ${orders.processingDate}::text as processing_date`;

/** The order id (6+ digits) or the passport number, exactly: both served by an index. */
function exactWhere(term: string): SQL {
  const passport = sql`upper(${orders.passportNumber}) = upper(${term})`;
  return /^\d{6,15}$/.test(term) ? (or(sql`${orders.orderId} = ${Number(term)}`, passport) as SQL) : passport;
}

export interface SearchAllOrdersOptions {
  term: string;
  role: Role;
  ctx: FolderContext;
  limit?: number;
}

/**
 * The header search: exact hits on id or passport first, then the newest orders whose id, name,
 * e-mail or phone contain the term, only among the folders the member's role may open, each with
 * the folder it sits in. A Telecaller never sees an order that only Order History would list.
 */
export async function searchAllOrders(db: DbOrTx, options: SearchAllOrdersOptions) {
  const term = options.term.trim();
  const limit = options.limit ?? GLOBAL_SEARCH_LIMIT;
  const folders = foldersFor(options.role);
  const visible = or(...folders.map((key) => folderWhere(key, options.ctx))) as SQL;
  const select = (where: SQL, max: number, run = queryRows) =>
    run<HitRow>(
      db,
      sql`select ${hitColumns} from ${orders} left join ${staff} on ${staff.id} = ${orders.assignedTo}
        where ${and(visible, where)} ${orderByOf(NEWEST_FIRST)} limit ${max}`,
    );
  // The matches are found through an index first (folder-search.ts): a rare term never walks
  // every visible order looking for the newest few.
  const [exact, partial] = await Promise.all([
    select(exactWhere(term), limit),
    findSearchMatches(db, visible, term, SEARCH_COUNT_CAP).then((matches) =>
      matches ? select(matches.where, limit + 1, matches.queryRows) : [],
    ),
  ]);
  const seen = new Set(exact.map((row) => Number(row.order_id)));
  const rows = [
    ...exact.map((row) => ({ row, match: 'exact' as const })),
    ...partial.filter((row) => !seen.has(Number(row.order_id))).map((row) => ({ row, match: 'partial' as const })),
  ];
  const hits = rows.slice(0, limit).map(({ row, match }) => toHit(row, match, folders, options.ctx));
  return { hits, more: rows.length > limit };
}

function toHit(row: HitRow, match: GlobalSearchHit['match'], folders: FolderKey[], ctx: FolderContext) {
  const { assigned_to, processing_date, refund_date, ...rest } = row;
  const subject = {
    status: row.process_status,
    mode: row.processing_mode,
    assignedTo: assigned_to === null ? null : Number(assigned_to),
    processingDate: processing_date,
  };
  const folder =
    FOLDER_SEARCH_PREFERENCE.find((key) => folders.includes(key) && isInFolder(key, subject, ctx)) ?? 'allOrder';
  const status_label = statusLabel(row.process_status, refund_date);
  return { ...rest, order_id: Number(row.order_id), status_label, folder, match } satisfies GlobalSearchHit;
}
