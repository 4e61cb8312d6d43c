import { canPrepareDefence } from '@nzeta/domain';
import { inArray, type Placeholder, type SQL, sql, type Table } from 'drizzle-orm';
import { type DbOrTx, preparedStatement } from '../../db/client';
import { decodeJsonRow, jsonColumns } from '../../db/json-rows';
import {
  documents,
  downloadHistory,
  mailEvents,
  mailMessages,
  orderActivity,
  orders,
  remarks,
  settings,
} from '../../db/schema';
import { appError, badRequest } from '../../lib/app-error';
import { COMPANY_SETTING_KEYS, type CompanySettings, companySettingsOf } from '../mail';

export const DEFENCE_STATUS_MESSAGE =
  'Defence packs can be prepared only for Completed, Customer Called or ChargeBack orders.';

export type OrderRow = typeof orders.$inferSelect;
export type DownloadRow = typeof downloadHistory.$inferSelect;
export type MailRow = typeof mailMessages.$inferSelect;
export type MailEventRow = typeof mailEvents.$inferSelect;
export type DocumentRow = typeof documents.$inferSelect;
export type ActivityRow = typeof orderActivity.$inferSelect;

/** Everything the packs and the bundle show, read from this order's own records only. */
export interface OrderEvidence {
  order: OrderRow;
  company: CompanySettings;
  /** the sender every e-mail went out from (MAIL_FROM) */
  mailFrom: string;
  /** the approval e-mail as it was sent (first sent approval, else the first queued) … */
  approval: MailRow | null;
  /** … the document attached to it, and the provider's delivery events for it */
  approvalDocument: DocumentRow | null;
  approvalEvents: MailEventRow[];
  /** every e-mail of the order, oldest first */
  mails: MailRow[];
  /** every download of the document by the customer, oldest first */
  downloads: DownloadRow[];
  activity: ActivityRow[];
  /** a comment flagged as a refund request, or a refund recorded: the letter must not deny it */
  hasRefundRequest: boolean;
}

export interface LoadEvidenceOptions {
  mailFrom: string;
  /** the packs refuse orders outside the dispute statuses; the chargeback panel does not */
  requireDisputeStatus?: boolean;
}

/** History rows a pack loads at most, oldest first: a customer can add downloads at will (60 a minute). */
export const PACK_HISTORY_CAP = 300;

/**
 * The order, its records and the company settings in one statement (the plain read took eight,
 * in three round trips): each list is written as JSON by the database and decoded as drizzle
 * decodes a selected row, so the rows are the ones a plain select answers
 * (testing/plain-order-evidence.ts, compared in the tests). A prepared statement: its plan does
 * not depend on the order. Built and compiled once: that was a fifth of the server's own work on
 * a defence pack handed out again.
 */
export async function loadOrderEvidence(
  db: DbOrTx,
  orderId: number,
  options: LoadEvidenceOptions,
): Promise<OrderEvidence> {
  const [record] = await evidenceStatement(db, { orderId });
  if (!record?.order) throw appError('ORDER_NOT_FOUND');
  const order = decodeJsonRow(orders, record.order);
  if (options.requireDisputeStatus !== false && !canPrepareDefence(order.processStatus)) {
    throw badRequest(DEFENCE_STATUS_MESSAGE, 'REQUEST_REFUSED');
  }
  const mails = record.mails.map((row) => decodeJsonRow(mailMessages, row));
  return {
    order,
    company: companySettingsOf(record.settings ?? {}),
    mailFrom: options.mailFrom,
    approval: mails.find((mail) => mail.id === record.approvalId) ?? null,
    approvalDocument: record.approvalDocument ? decodeJsonRow(documents, record.approvalDocument) : null,
    approvalEvents: record.approvalEvents.map((row) => decodeJsonRow(mailEvents, row)),
    mails,
    downloads: record.downloads.map((row) => decodeJsonRow(downloadHistory, row)),
    activity: record.activity.map((row) => decodeJsonRow(orderActivity, row)),
    hasRefundRequest: record.refundRemark || order.refundDate !== null,
  };
}

type JsonRow = Record<string, unknown>;
interface EvidenceRecord {
  order: JsonRow | null;
  settings: JsonRow | null;
  mails: JsonRow[];
  downloads: JsonRow[];
  activity: JsonRow[];
  refundRemark: boolean;
  approvalId: number | null;
  approvalDocument: JsonRow | null;
  approvalEvents: JsonRow[];
}

/** Rows of `table` in `orderBy` order, at most `limit`, numbered in that order as "__n". */
function numberedRows(table: Table, where: SQL, orderBy: SQL, limit?: number): SQL {
  return sql`select ${jsonColumns(table)}, row_number() over (order by ${orderBy}) as "__n"
    from ${table} where ${where} order by ${orderBy}${limit === undefined ? sql`` : sql` limit ${limit}`}`;
}

/** numberedRows as a JSON array in their order (decoding drops "__n"), empty rather than null. */
const jsonArray = (rows: SQL) =>
  sql`coalesce((select json_agg(to_json(r) order by r."__n") from (${rows}) r), '[]'::json)`;

const evidenceStatement = preparedStatement<EvidenceRecord>(() => evidenceQuery(sql.placeholder('orderId')));

function evidenceQuery(orderId: Placeholder): SQL {
  // The approval e-mail: the first sent one among the order's first PACK_HISTORY_CAP e-mails,
  // else the first queued one, as the letters describe it.
  return sql`with m as (${numberedRows(
    mailMessages,
    sql`${mailMessages.orderId} = ${orderId}`,
    sql`${mailMessages.createdAt}, ${mailMessages.id}`,
    PACK_HISTORY_CAP,
  )}), a as (
      select "id", "documentId" from m where "kind" = 'approval' order by ("state" = 'sent') desc, "__n" limit 1
    )
    select
      (select to_json(o) from (select ${jsonColumns(orders)} from ${orders} where ${orders.orderId} = ${orderId}) o) as "order",
      (select json_object_agg(${settings.key}, ${settings.value}) from ${settings}
        where ${inArray(settings.key, [...COMPANY_SETTING_KEYS])}) as "settings",
      ${jsonArray(sql`select * from m`)} as "mails",
      ${jsonArray(
        numberedRows(
          downloadHistory,
          sql`${downloadHistory.orderId} = ${orderId}`,
          sql`${downloadHistory.createdAt}, ${downloadHistory.id}`,
          PACK_HISTORY_CAP,
        ),
      )} as "downloads",
      ${jsonArray(
        numberedRows(
          orderActivity,
          sql`${orderActivity.orderId} = ${orderId}`,
          sql`${orderActivity.createdAt}, ${orderActivity.id}`,
        ),
      )} as "activity",
      exists (select 1 from ${remarks} where ${remarks.orderId} = ${orderId} and ${remarks.statusRefund} = 'Y') as "refundRemark",
      (select to_json("id") from a) as "approvalId",
      (select to_json(d) from (select ${jsonColumns(documents)} from ${documents}
        where ${documents.id} = (select "documentId" from a)) d) as "approvalDocument",
      ${jsonArray(
        numberedRows(
          mailEvents,
          sql`${mailEvents.mailId} = (select "id" from a)`,
          sql`${mailEvents.occurredAt}, ${mailEvents.id}`,
        ),
      )} as "approvalEvents"`;
}

/** Whether an e-mail went to the customer's own address (case-insensitive). */
export function isToCustomer(mail: Pick<MailRow, 'toAddress'>, order: Pick<OrderRow, 'email'>): boolean {
  return !!order.email && mail.toAddress.trim().toLowerCase() === order.email.trim().toLowerCase();
}

/** When the document first reached the customer: the first approval or resend the provider accepted. */
export function documentDeliveredAt(evidence: OrderEvidence): string | null {
  const sent = evidence.mails
    .filter((m) => (m.kind === 'approval' || m.kind === 'resend') && m.state === 'sent' && m.sentAt)
    .map((m) => m.sentAt as string)
    .sort();
  return sent[0] ?? null;
}
