import type {
  ActivityEntry,
  DownloadHistoryEntry,
  MailHistoryEntry,
  MailState,
  OrderDetail,
  OtherName,
  RemarkEntry,
  RemarkFlag,
  UploadedDocument,
} from '@nzeta/domain';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { asc, desc, eq, getTableColumns } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  documents,
  downloadHistory,
  mailMessages,
  orderActivity,
  orderOtherNames,
  orders,
  remarks,
  staff,
} from '../../db/schema';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface GetOrderDetailOptions {
  orderId: number;
  applicationMailDomain: string;
  businessTimeZone: string;
}

/** Internal columns the detail answer leaves out. */
const HIDDEN_COLUMNS = new Set(['search_text', 'intake_reference', 'assigned_to', 'processed_by_id']);

/**
 * The order of SPEC §3 with its lists. A fixed number of queries whatever the history size: the
 * order (with the assignee's name), then one query per list, run side by side.
 */
export async function getOrderDetail(db: DbOrTx, options: GetOrderDetailOptions): Promise<OrderDetail | undefined> {
  const { orderId } = options;
  const [row] = await db
    .select({ order: orders, assignName: staff.name })
    .from(orders)
    .leftJoin(staff, eq(staff.id, orders.assignedTo))
    .where(eq(orders.orderId, orderId))
    .limit(1);
  if (!row) return undefined;

  const [otherNames, uploads, mails, downloads, remarkRows, activityRows] = await Promise.all([
    db
      .select({
        different_first_name: orderOtherNames.differentFirstName,
        different_last_name: orderOtherNames.differentLastName,
      })
      .from(orderOtherNames)
      .where(eq(orderOtherNames.orderId, orderId))
      .orderBy(asc(orderOtherNames.id)),
    db
      .select({
        file1: documents.file1,
        customer_name: documents.customerName,
        mail_service_provider: documents.mailServiceProvider,
        content_type: documents.contentType,
        created_at: documents.createdAt,
      })
      .from(documents)
      .where(eq(documents.orderId, orderId))
      .orderBy(desc(documents.createdAt), desc(documents.id)),
    db
      .select({
        id: mailMessages.id,
        createdAt: mailMessages.createdAt,
        sentAt: mailMessages.sentAt,
        kind: mailMessages.kind,
        toAddress: mailMessages.toAddress,
        state: mailMessages.state,
        attempts: mailMessages.attempts,
        lastError: mailMessages.lastError,
        transport: mailMessages.transport,
        provider: mailMessages.provider,
        file1: documents.file1,
      })
      .from(mailMessages)
      .leftJoin(documents, eq(documents.id, mailMessages.documentId))
      .where(eq(mailMessages.orderId, orderId))
      .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id)),
    db
      .select()
      .from(downloadHistory)
      .where(eq(downloadHistory.orderId, orderId))
      .orderBy(desc(downloadHistory.createdAt), desc(downloadHistory.id)),
    db.select().from(remarks).where(eq(remarks.orderId, orderId)).orderBy(desc(remarks.createdAt), desc(remarks.id)),
    db
      .select()
      .from(orderActivity)
      .where(eq(orderActivity.orderId, orderId))
      .orderBy(desc(orderActivity.createdAt), desc(orderActivity.id)),
  ]);

  const tz = options.businessTimeZone;
  return {
    ...(snakeCaseOrder(row.order) as Omit<OrderDetail, ListKeys | 'assign_to' | 'application_email'>),
    assign_to: row.assignName,
    application_email: `${orderId}@${options.applicationMailDomain}`,
    otherNames: otherNames satisfies OtherName[],
    uploadDoc: uploads.map((u): UploadedDocument => ({ ...u, created_at: iso(u.created_at) })),
    mailHistory: mails.map(
      (m): MailHistoryEntry => ({
        id: m.id,
        order_id: orderId,
        create_ts: iso(m.createdAt),
        sent_at: isoOrNull(m.sentAt),
        kind: m.kind,
        to_address: m.toAddress,
        state: m.state as MailState,
        attempts: m.attempts,
        last_error: m.lastError,
        transport: m.transport,
        uploadDoc: { file1: m.file1, mail_service_provider: m.provider },
      }),
    ),
    downloadHistory: downloads.map(
      (d): DownloadHistoryEntry => ({
        id: d.id,
        order_id: orderId,
        create_ts: iso(d.createdAt),
        file1: d.file1,
        ip: d.ip,
        timezone: d.timezone,
        browser: d.browser,
        os: d.os,
        device: d.device,
        device_type: d.deviceType,
      }),
    ),
    remark: remarkRows.map((r): RemarkEntry => {
      const at = dayjs(iso(r.createdAt)).tz(tz);
      return {
        id: r.id,
        order_id: orderId,
        create_ts: iso(r.createdAt),
        us_date: at.format('DD/MM/YYYY'),
        us_time: at.format('HH:mm'),
        remark_name: r.remarkName,
        remark: r.remark,
        whatsapp: flag(r.whatsapp),
        telephone: flag(r.telephone),
        status_refund: flag(r.statusRefund),
        voided: flag(r.voided),
        chargeback: flag(r.chargeback),
        report_error: flag(r.reportError),
      };
    }),
    activity: activityRows.map(
      (a): ActivityEntry => ({
        id: a.id,
        create_ts: iso(a.createdAt),
        actor_name: a.actorName,
        action: a.action,
        from_value: a.fromValue,
        to_value: a.toValue,
        detail: a.detail,
      }),
    ),
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

function flag(value: string): RemarkFlag {
  return value === 'Y' ? 'Y' : 'N';
}
