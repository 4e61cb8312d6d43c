import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  documents,
  downloadHistory,
  mailEvents,
  mailMessages,
  orderActivity,
  orders,
  remarks,
} from '../../../db/schema';
import { getCompanySettings } from '../../mail';
import { PACK_HISTORY_CAP } from '../order-evidence';

/**
 * The evidence read the plain way, for tests only: one query per record. The one-statement read
 * (loadOrderEvidence) must answer exactly this, or undefined for an unknown order.
 */
export async function plainOrderEvidence(db: DbOrTx, orderId: number, mailFrom: string) {
  const [order] = await db.select().from(orders).where(eq(orders.orderId, orderId)).limit(1);
  if (!order) return undefined;
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
      .where(and(eq(remarks.orderId, orderId), eq(remarks.statusRefund, 'Y')))
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
    mailFrom,
    approval,
    approvalDocument,
    approvalEvents,
    mails,
    downloads,
    activity,
    hasRefundRequest: refundRemarks.length > 0 || order.refundDate !== null,
  };
}
