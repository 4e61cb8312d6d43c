import { and, asc, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../../db/client';
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
} from '../../../db/schema';
import { DETAIL_LIST_LIMIT, type GetOrderDetailOptions, MAIL_EVENTS_LIMIT } from '../get-order-detail';

/**
 * The order detail read the plain way, for tests only: one query per list, every value formatted
 * in JavaScript. The one-statement read must answer exactly this.
 */
export async function plainOrderDetail(db: Db, options: GetOrderDetailOptions) {
  const { orderId } = options;
  const [order] = await db.select().from(orders).where(eq(orders.orderId, orderId));
  if (!order) return undefined;
  const [assignee] = order.assignedTo
    ? await db.select({ name: staff.name }).from(staff).where(eq(staff.id, order.assignedTo))
    : [];
  const hidden = new Set(['search_text', 'intake_reference', 'assigned_to', 'processed_by_id']);
  const columns: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(orders))) {
    if (hidden.has(column.name)) continue;
    const value = order[key as keyof typeof order];
    columns[column.name] = column.columnType === 'PgTimestampString' ? isoOrNull(value as string | null) : value;
  }
  const local = (value: string) => localParts(value, options.businessTimeZone);

  const otherNames = await db
    .select()
    .from(orderOtherNames)
    .where(eq(orderOtherNames.orderId, orderId))
    .orderBy(asc(orderOtherNames.id))
    .limit(DETAIL_LIST_LIMIT);
  const uploads = await db
    .select()
    .from(documents)
    .where(eq(documents.orderId, orderId))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(DETAIL_LIST_LIMIT);
  const mails = await db
    .select({ mail: mailMessages, file1: documents.file1 })
    .from(mailMessages)
    .leftJoin(documents, eq(documents.id, mailMessages.documentId))
    .where(eq(mailMessages.orderId, orderId))
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(DETAIL_LIST_LIMIT);
  const mailHistory = [];
  for (const { mail, file1 } of mails) {
    const events = await db
      .select()
      .from(mailEvents)
      .where(and(eq(mailEvents.mailId, mail.id)))
      .orderBy(asc(mailEvents.occurredAt), asc(mailEvents.id))
      .limit(MAIL_EVENTS_LIMIT);
    mailHistory.push({
      id: mail.id,
      order_id: mail.orderId,
      create_ts: iso(mail.createdAt),
      sent_at: isoOrNull(mail.sentAt),
      kind: mail.kind,
      to_address: mail.toAddress,
      state: mail.state,
      attempts: mail.attempts,
      last_error: mail.lastError,
      transport: mail.transport,
      uploadDoc: { file1, mail_service_provider: mail.provider },
      delivery_state: mail.deliveryState,
      delivery_state_at: isoOrNull(mail.deliveryStateAt),
      delivery_reason: mail.deliveryReason,
      opened_at: isoOrNull(mail.openedAt),
      clicked_at: isoOrNull(mail.clickedAt),
      fallback_of: mail.fallbackOf,
      events: events.map((e) => ({
        id: e.id,
        provider: e.provider,
        event: e.event,
        occurred_at: iso(e.occurredAt),
        reason: e.reason,
        bounce_type: e.bounceType,
        url: e.url,
      })),
    });
  }
  const downloads = await db
    .select()
    .from(downloadHistory)
    .where(eq(downloadHistory.orderId, orderId))
    .orderBy(desc(downloadHistory.createdAt), desc(downloadHistory.id))
    .limit(DETAIL_LIST_LIMIT);
  const comments = await db
    .select()
    .from(remarks)
    .where(eq(remarks.orderId, orderId))
    .orderBy(desc(remarks.createdAt), desc(remarks.id))
    .limit(DETAIL_LIST_LIMIT);
  const activity = await db
    .select()
    .from(orderActivity)
    .where(eq(orderActivity.orderId, orderId))
    .orderBy(desc(orderActivity.createdAt), desc(orderActivity.id))
    .limit(DETAIL_LIST_LIMIT);
  const flag = (value: string | null) => (value === 'Y' ? 'Y' : 'N');

  return {
    ...columns,
    assign_to: assignee?.name ?? null,
    application_email: `${orderId}@${options.applicationMailDomain}`,
    otherNames: otherNames.map((n) => ({
      different_first_name: n.differentFirstName,
      different_last_name: n.differentLastName,
    })),
    uploadDoc: uploads.map((d) => ({
      file1: d.file1,
      customer_name: d.customerName,
      mail_service_provider: d.mailServiceProvider,
      content_type: d.contentType,
      created_at: iso(d.createdAt),
    })),
    mailHistory,
    downloadHistory: downloads.map((d) => ({
      id: d.id,
      order_id: d.orderId,
      create_ts: iso(d.createdAt),
      file1: d.file1,
      ip: d.ip,
      timezone: d.timezone,
      browser: d.browser,
      os: d.os,
      device: d.device,
      device_type: d.deviceType,
    })),
    remark: comments.map((r) => ({
      id: r.id,
      order_id: r.orderId,
      create_ts: iso(r.createdAt),
      us_date: local(r.createdAt).date,
      us_time: local(r.createdAt).time,
      remark_name: r.remarkName,
      remark: r.remark,
      whatsapp: flag(r.whatsapp),
      telephone: flag(r.telephone),
      status_refund: flag(r.statusRefund),
      voided: flag(r.voided),
      chargeback: flag(r.chargeback),
      report_error: flag(r.reportError),
    })),
    activity: activity.map((a) => ({
      id: a.id,
      create_ts: iso(a.createdAt),
      actor_name: a.actorName,
      action: a.action,
      from_value: a.fromValue,
      to_value: a.toValue,
      detail: a.detail,
    })),
  };
}

function iso(value: string): string {
  return new Date(value).toISOString();
}

function isoOrNull(value: string | null): string | null {
  return value ? iso(value) : null;
}

/** DD/MM/YYYY and HH:mm (24 h) in the business time zone. */
function localParts(value: string, timeZone: string): { date: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(value));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { date: `${part('day')}/${part('month')}/${part('year')}`, time: `${part('hour')}:${part('minute')}` };
}
