import { canPrepareDefence } from '@nzeta/domain';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documents, downloadHistory, mailEvents, mailMessages, orderActivity, orders, remarks } from '../../db/schema';
import { appError, badRequest } from '../../lib/app-error';
import { type CompanySettings, getCompanySettings } from '../mail';

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

export async function loadOrderEvidence(
  db: DbOrTx,
  orderId: number,
  options: LoadEvidenceOptions,
): Promise<OrderEvidence> {
  const [order] = await db.select().from(orders).where(eq(orders.orderId, orderId)).limit(1);
  if (!order) throw appError('ORDER_NOT_FOUND');
  if (options.requireDisputeStatus !== false && !canPrepareDefence(order.processStatus)) {
    throw badRequest(DEFENCE_STATUS_MESSAGE, 'REQUEST_REFUSED');
  }
  const [company, mails, downloads, activity, refundRemarks] = await Promise.all([
    getCompanySettings(db),
    db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.orderId, orderId))
      .orderBy(asc(mailMessages.createdAt), asc(mailMessages.id))
      .limit(PACK_HISTORY_CAP),
    db
      .select()
      .from(downloadHistory)
      .where(eq(downloadHistory.orderId, orderId))
      .orderBy(asc(downloadHistory.createdAt), asc(downloadHistory.id))
      .limit(PACK_HISTORY_CAP),
    db
      .select()
      .from(orderActivity)
      .where(eq(orderActivity.orderId, orderId))
      .orderBy(asc(orderActivity.createdAt), asc(orderActivity.id)),
    db
      .select({ id: remarks.id })
      .from(remarks)
      .where(and(eq(remarks.orderId, orderId), or(eq(remarks.statusRefund, 'Y'))))
      .limit(1),
  ]);
  const approvals = mails.filter((m) => m.kind === 'approval');
  const approval = approvals.find((m) => m.state === 'sent') ?? approvals[0] ?? null;
  const [approvalDocument, approvalEvents] = approval
    ? await Promise.all([
        approval.documentId
          ? db
              .select()
              .from(documents)
              .where(eq(documents.id, approval.documentId))
              .limit(1)
              .then((rows) => rows[0] ?? null)
          : null,
        db
          .select()
          .from(mailEvents)
          .where(inArray(mailEvents.mailId, [approval.id]))
          .orderBy(asc(mailEvents.occurredAt), asc(mailEvents.id)),
      ])
    : [null, []];
  return {
    order,
    company,
    mailFrom: options.mailFrom,
    approval,
    approvalDocument,
    approvalEvents,
    mails,
    downloads,
    activity,
    hasRefundRequest: refundRemarks.length > 0 || order.refundDate !== null,
  };
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
