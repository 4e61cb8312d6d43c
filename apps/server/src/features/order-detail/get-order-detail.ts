import type {
  ActivityEntry,
  DownloadHistoryEntry,
  MailHistoryEntry,
  OrderDetail,
  OtherName,
  RemarkEntry,
  UploadedDocument,
} from '@nzeta/domain';
import { type AnyColumn, eq, getTableColumns, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  documents,
  downloadHistory,
  mailEvents,
  mailMessages,
  orderActivity,
  orderOtherNames,
  orders,
  remarks,
  staff,
} from '../../db/schema';
import { memoizeByObject } from '../../lib/memo';
import { limitLiteral } from '../../lib/sql-limit';

export interface GetOrderDetailOptions {
  orderId: number;
  applicationMailDomain: string;
  businessTimeZone: string;
}

/**
 * Newest rows each list carries (DESIGN "Bounded work per request"): an order that collected
 * thousands of comments or downloads still answers in bounded time and size.
 */
export const DETAIL_LIST_LIMIT = 500;
/** Provider events per e-mail (delivered, opened, clicked … oldest first). */
export const MAIL_EVENTS_LIMIT = 50;

/** Internal columns the detail answer leaves out. */
const HIDDEN_COLUMNS = new Set(['search_text', 'intake_reference', 'assigned_to', 'processed_by_id']);

interface Lists {
  otherNames: OtherName[];
  uploadDoc: UploadedDocument[];
  mailHistory: MailHistoryEntry[];
  downloadHistory: DownloadHistoryEntry[];
  remark: RemarkEntry[];
  activity: ActivityEntry[];
}

/** ISO 8601 in UTC with milliseconds, as Date.toISOString writes it. */
const utcIso = (column: AnyColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const flag = (column: AnyColumn) => sql`case when ${column} = 'Y' then 'Y' else 'N' end`;

/**
 * One list as a JSON array (empty, never null) of its first `limit` rows in `orderBy` order
 * (newest first unless said otherwise).
 */
function list(rows: SQL, from: SQL, orderBy: SQL, limit = DETAIL_LIST_LIMIT): SQL {
  return sql`coalesce((select json_agg(l.row order by l.n) from (
    select ${rows} as row, row_number() over (order by ${orderBy}) as n from ${from}
    order by ${orderBy} limit ${limitLiteral(limit)}) l), '[]'::json)`;
}

/** Every list of the detail page for the order of the outer query, in one JSON object. */
function listsOf(timeZone: Placeholder): SQL<Lists> {
  const orderId = sql`${orders.orderId}`;
  const local = (column: AnyColumn, format: string) =>
    sql`to_char(${column} at time zone ${timeZone}::text, ${format})`;
  return sql<Lists>`json_build_object(
    'otherNames', ${list(
      sql`json_build_object('different_first_name', ${orderOtherNames.differentFirstName},
        'different_last_name', ${orderOtherNames.differentLastName})`,
      sql`${orderOtherNames} where ${orderOtherNames.orderId} = ${orderId}`,
      sql`${orderOtherNames.id}`,
    )},
    'uploadDoc', ${list(
      sql`json_build_object('file1', ${documents.file1}, 'customer_name', ${documents.customerName},
        'mail_service_provider', ${documents.mailServiceProvider}, 'content_type', ${documents.contentType},
        'created_at', ${utcIso(documents.createdAt)})`,
      sql`${documents} where ${documents.orderId} = ${orderId}`,
      sql`${documents.createdAt} desc, ${documents.id} desc`,
    )},
    'mailHistory', ${list(
      sql`json_build_object('id', ${mailMessages.id}, 'order_id', ${mailMessages.orderId},
        'create_ts', ${utcIso(mailMessages.createdAt)}, 'sent_at', ${utcIso(mailMessages.sentAt)},
        'kind', ${mailMessages.kind}, 'to_address', ${mailMessages.toAddress}, 'state', ${mailMessages.state},
        'attempts', ${mailMessages.attempts}, 'last_error', ${mailMessages.lastError},
        'transport', ${mailMessages.transport},
        'uploadDoc', json_build_object('file1', ${documents.file1}, 'mail_service_provider', ${mailMessages.provider}),
        'delivery_state', ${mailMessages.deliveryState}, 'delivery_state_at', ${utcIso(mailMessages.deliveryStateAt)},
        'delivery_reason', ${mailMessages.deliveryReason}, 'opened_at', ${utcIso(mailMessages.openedAt)},
        'clicked_at', ${utcIso(mailMessages.clickedAt)}, 'fallback_of', ${mailMessages.fallbackOf},
        'events', ${list(
          sql`json_build_object('id', ${mailEvents.id}, 'provider', ${mailEvents.provider}, 'event', ${mailEvents.event},
            'occurred_at', ${utcIso(mailEvents.occurredAt)}, 'reason', ${mailEvents.reason},
            'bounce_type', ${mailEvents.bounceType}, 'url', ${mailEvents.url})`,
          sql`${mailEvents} where ${mailEvents.mailId} = ${mailMessages.id}`,
          sql`${mailEvents.occurredAt}, ${mailEvents.id}`,
          MAIL_EVENTS_LIMIT,
        )})`,
      sql`${mailMessages} left join ${documents} on ${documents.id} = ${mailMessages.documentId}
        where ${mailMessages.orderId} = ${orderId}`,
      sql`${mailMessages.createdAt} desc, ${mailMessages.id} desc`,
    )},
    'downloadHistory', ${list(
      sql`json_build_object('id', ${downloadHistory.id}, 'order_id', ${downloadHistory.orderId},
        'create_ts', ${utcIso(downloadHistory.createdAt)}, 'file1', ${downloadHistory.file1}, 'ip', ${downloadHistory.ip},
        'timezone', ${downloadHistory.timezone}, 'browser', ${downloadHistory.browser}, 'os', ${downloadHistory.os},
        'device', ${downloadHistory.device}, 'device_type', ${downloadHistory.deviceType})`,
      sql`${downloadHistory} where ${downloadHistory.orderId} = ${orderId}`,
      sql`${downloadHistory.createdAt} desc, ${downloadHistory.id} desc`,
    )},
    'remark', ${list(
      sql`json_build_object('id', ${remarks.id}, 'order_id', ${remarks.orderId}, 'create_ts', ${utcIso(remarks.createdAt)},
        'us_date', ${local(remarks.createdAt, 'DD/MM/YYYY')}, 'us_time', ${local(remarks.createdAt, 'HH24:MI')},
        'remark_name', ${remarks.remarkName}, 'remark', ${remarks.remark},
        'whatsapp', ${flag(remarks.whatsapp)}, 'telephone', ${flag(remarks.telephone)},
        'status_refund', ${flag(remarks.statusRefund)}, 'voided', ${flag(remarks.voided)},
        'chargeback', ${flag(remarks.chargeback)}, 'report_error', ${flag(remarks.reportError)})`,
      sql`${remarks} where ${remarks.orderId} = ${orderId}`,
      sql`${remarks.createdAt} desc, ${remarks.id} desc`,
    )},
    'activity', ${list(
      sql`json_build_object('id', ${orderActivity.id}, 'create_ts', ${utcIso(orderActivity.createdAt)},
        'actor_name', ${orderActivity.actorName}, 'action', ${orderActivity.action},
        'from_value', ${orderActivity.fromValue}, 'to_value', ${orderActivity.toValue}, 'detail', ${orderActivity.detail})`,
      sql`${orderActivity} where ${orderActivity.orderId} = ${orderId}`,
      sql`${orderActivity.createdAt} desc, ${orderActivity.id} desc`,
    )}
  )`;
}

const detailSelection = () => ({ order: orders, assignName: staff.name, lists: listsOf(sql.placeholder('timeZone')) });

function buildDetailQuery(db: DbOrTx) {
  return db
    .select(detailSelection())
    .from(orders)
    .leftJoin(staff, eq(staff.id, orders.assignedTo))
    .where(eq(orders.orderId, sql.placeholder('orderId')))
    .limit(1)
    .prepare('order_detail');
}

/**
 * Built and prepared once per database: PostgreSQL plans it once per connection, and the query
 * is not rebuilt on every request (building it cost a seventh of the request's CPU time).
 */
const detailQuery = memoizeByObject(buildDetailQuery);

/**
 * The order of SPEC §3 with its lists, in one query whatever the history size: the order with
 * its assignee's name, and each list (its newest DETAIL_LIST_LIMIT rows) built as JSON by
 * PostgreSQL (dates already formatted). One round trip instead of one per list is what keeps an
 * uncached read cheap; the route answers from OrderDetailCache and audits the view in batches.
 */
export async function getOrderDetail(db: DbOrTx, options: GetOrderDetailOptions): Promise<OrderDetail | undefined> {
  const { orderId } = options;
  const [row] = await detailQuery(db).execute({ orderId, timeZone: options.businessTimeZone });
  if (!row) return undefined;
  return {
    ...(snakeCaseOrder(row.order) as Omit<OrderDetail, ListKeys | 'assign_to' | 'application_email'>),
    assign_to: row.assignName,
    application_email: `${orderId}@${options.applicationMailDomain}`,
    ...row.lists,
  };
}

type ListKeys = 'otherNames' | 'uploadDoc' | 'mailHistory' | 'downloadHistory' | 'remark' | 'activity';

/** Every application and processing column under its SQL (spec) name; timestamps as ISO. */
function snakeCaseOrder(order: typeof orders.$inferSelect): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(orders))) {
    if (HIDDEN_COLUMNS.has(column.name)) continue;
    const value = order[key as keyof typeof order];
    out[column.name] = column.columnType === 'PgTimestampString' ? isoOrNull(value as string | null) : value;
  }
  return out;
}

/** Both drivers answer 'YYYY-MM-DD HH:mm:ss.sss+00'; the API speaks ISO 8601. */
function iso(value: string): string {
  return new Date(value).toISOString();
}

function isoOrNull(value: string | null): string | null {
  return value ? iso(value) : null;
}
