import type { ChargebackEvidence, EvidenceCheck } from '@nzeta/domain';
import { formatDateTime, orDash } from '@nzeta/domain';
import type { Db } from '../../db/client';
import type { DrawnPdfs } from '../../lib/drawn-pdfs';
import type { PdfRenderer } from '../../lib/pdf-renderer';
import { documentDeliveredAt, isToCustomer, loadOrderEvidence, type OrderEvidence } from '../defence-packs';
import { renderBundleOnce } from './bundle-cache';
import { getBundleProfiles } from './bundle-profiles';
import { findDisputeRow, toDisputeRecord } from './dispute-record';

/** The evidence checklist of the chargeback panel: each item read from this order's records. */
export function evidenceChecklist(ev: OrderEvidence, tz: string): EvidenceCheck[] {
  const delivered = documentDeliveredAt(ev);
  const confirmed = ev.mails.find(
    (m) =>
      (m.kind === 'approval' || m.kind === 'resend') && isToCustomer(m, ev.order) && m.deliveryState === 'delivered',
  );
  const complaint = ev.mails.find((m) => m.deliveryState === 'complained');
  const last = ev.downloads.at(-1);
  return [
    {
      key: 'documentDelivered',
      label: 'Document delivered',
      ok: delivered !== null,
      detail: delivered ? `Approval e-mail sent ${formatDateTime(delivered, tz)}` : 'No approval e-mail has been sent',
    },
    {
      key: 'deliveryConfirmed',
      label: 'Delivery confirmed by the provider',
      ok: !!confirmed,
      detail: confirmed
        ? `${confirmed.provider} reported delivered ${formatDateTime(confirmed.deliveryStateAt, tz)}`
        : 'The provider has not reported a delivery',
    },
    {
      key: 'customerDownloaded',
      label: 'Customer downloaded the document',
      ok: ev.downloads.length > 0,
      detail: last
        ? `${ev.downloads.length.toLocaleString('en-US')} download(s), last ${formatDateTime(last.createdAt, tz)}`
        : 'No download recorded',
    },
    {
      key: 'transactionIdPresent',
      label: 'Transaction id present',
      ok: !!ev.order.transactionId?.trim(),
      detail: orDash(ev.order.transactionId),
    },
    {
      key: 'noRefundRequest',
      label: 'No refund request or complaint on record',
      ok: !ev.hasRefundRequest && !complaint,
      detail: ev.hasRefundRequest
        ? 'A refund request is on record'
        : complaint
          ? 'The customer reported an e-mail as spam'
          : 'None on record',
    },
  ];
}

export interface ChargebackEvidenceRequest {
  orderId: number;
  timeZone: string;
  mailFrom: string;
}

export async function getChargebackEvidence(
  db: Db,
  pdf: PdfRenderer,
  drawn: DrawnPdfs,
  request: ChargebackEvidenceRequest,
): Promise<ChargebackEvidence> {
  const ev = await loadOrderEvidence(db, request.orderId, { mailFrom: request.mailFrom });
  const [row, profiles] = await Promise.all([findDisputeRow(db, request.orderId), getBundleProfiles(db)]);
  const dispute = toDisputeRecord(row, ev.order);
  // the same render the download then serves (the bundle's size and pages are its summary)
  const { summary } = await renderBundleOnce(pdf, drawn, ev, dispute, {
    today: new Date(),
    timeZone: request.timeZone,
    profile: profiles[dispute.network],
  });
  const { order, approval, approvalDocument: doc } = ev;
  const last = ev.downloads.at(-1);
  return {
    checklist: evidenceChecklist(ev, request.timeZone),
    transaction: {
      transactionId: order.transactionId,
      merchantName: order.merchantName,
      paymentGateway: order.paymentGateway,
      amount: order.amount,
      currency: order.currency,
      paidAt: order.paidAt,
    },
    delivery: {
      document: doc ? { name: doc.originalName, size: doc.size, sha256: doc.sha256, uploadedAt: doc.createdAt } : null,
      approval: approval
        ? {
            to: approval.toAddress,
            state: approval.state,
            deliveryState: approval.deliveryState,
            sentAt: approval.sentAt,
            providerMessageId: approval.providerMessageId,
            events: ev.approvalEvents.map((e) => ({ event: e.event, occurredAt: e.occurredAt, reason: e.reason })),
          }
        : null,
      downloads: {
        count: ev.downloads.length,
        first: ev.downloads[0]?.createdAt ?? null,
        last: last?.createdAt ?? null,
        lastDevice: last
          ? [[last.browser, last.browserVersion].filter(Boolean).join(' '), last.os, last.device, last.deviceType]
              .filter(Boolean)
              .join(' · ')
          : null,
      },
    },
    bundle: summary,
  };
}
