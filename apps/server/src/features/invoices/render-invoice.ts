import { DEFAULT_BUSINESS_TZ, formatDate, orDash } from '@nzeta/domain';
import type { orders } from '../../db/schema';
import {
  COLORS,
  CONTENT_WIDTH,
  createPdf,
  dateTimeIn,
  factsBox,
  formatMoney,
  letterhead,
  line,
  PAGE,
  pageFooters,
  paragraph,
  pdfToBuffer,
  table,
} from '../defence-packs';
import type { CompanySettings } from '../mail';
import { applicantNameOf } from '../mail';

/** The one service sold (DESIGN §5). */
export const INVOICE_SERVICE = 'NZeTA application';

type OrderRow = typeof orders.$inferSelect;
export type InvoiceOrder = Pick<
  OrderRow,
  | 'orderId'
  | 'firstName'
  | 'lastName'
  | 'fullName'
  | 'email'
  | 'processingMode'
  | 'amount'
  | 'currency'
  | 'paidAt'
  | 'paymentGateway'
  | 'transactionId'
  | 'createdAt'
> &
  Partial<Pick<OrderRow, 'processStatus' | 'refundDate'>>;

export interface InvoiceInput {
  order: InvoiceOrder;
  company: CompanySettings;
  invoiceNumber: string;
  issuedAt: Date | string;
  timeZone?: string;
}

/** A refunded order (in Refunds with its refund date set) gets a refunded invoice. */
export function isRefundedOrder(order: Pick<InvoiceOrder, 'processStatus' | 'refundDate'>): boolean {
  return order.processStatus === 'Refunds' && !!order.refundDate;
}

declare module '../../lib/pdf-renderer' {
  interface PdfJobs {
    invoice: typeof renderInvoice;
  }
}

/**
 * Renders the invoice of a paid order as a one-page PDF; for a refunded order, a refunded
 * invoice: the refund (the full amount, dated) and a zero balance instead of "paid in full".
 */
export async function renderInvoice({
  order,
  company,
  invoiceNumber,
  issuedAt,
  timeZone,
}: InvoiceInput): Promise<Buffer> {
  const tz = timeZone ?? DEFAULT_BUSINESS_TZ;
  const doc = createPdf(`Invoice ${invoiceNumber} - Order ${order.orderId}`, company.company.name);
  const total = formatMoney(order.amount, order.currency);
  const refunded = isRefundedOrder(order);
  let y = letterhead(doc, company);

  line(doc, refunded ? 'REFUNDED INVOICE' : 'INVOICE', PAGE.margin, y, { size: 22, bold: true, color: COLORS.brand });
  const meta: Array<[string, string]> = [
    ['Invoice number', invoiceNumber],
    ['Issue date', formatDate(issuedAt, tz)],
    ['Order ID', String(order.orderId)],
  ];
  meta.forEach(([label, value], i) => {
    const rowY = y + i * 15;
    line(doc, label, PAGE.margin + CONTENT_WIDTH - 230, rowY, { size: 9, color: COLORS.muted, width: 110 });
    line(doc, value, PAGE.margin + CONTENT_WIDTH - 120, rowY, { size: 9, bold: true, width: 120, align: 'right' });
  });
  y += 62;

  line(doc, 'BILLED TO', PAGE.margin, y, { size: 7.5, color: COLORS.muted });
  line(doc, applicantNameOf(order), PAGE.margin, y + 12, { bold: true, size: 11, width: 300 });
  line(doc, orDash(order.email), PAGE.margin, y + 27, { size: 9.5, color: COLORS.muted, width: 300 });
  y += 56;

  y = table(
    doc,
    [
      { header: 'Service', weight: 46 },
      { header: 'Processing mode', weight: 22 },
      { header: 'Qty', weight: 8, align: 'right' },
      { header: 'Amount', weight: 18, align: 'right' },
    ],
    [[`${INVOICE_SERVICE} (order ${order.orderId})`, order.processingMode, '1', total]],
    y,
    '',
  );
  const totalsX = PAGE.margin + CONTENT_WIDTH - 220;
  y += 10;
  // Insets of 5 pt line the totals up with the table's Amount column.
  line(doc, 'Subtotal', totalsX + 5, y, { size: 9.5, color: COLORS.muted, width: 105 });
  line(doc, total, totalsX + 110, y, { size: 9.5, width: 105, align: 'right' });
  y += 18;
  doc.rect(totalsX, y - 4, 220, 24).fill(COLORS.shade);
  line(doc, `Total paid (${orDash(order.currency)})`, totalsX + 5, y + 3, { size: 10.5, bold: true, width: 130 });
  line(doc, total, totalsX + 110, y + 3, { size: 10.5, bold: true, width: 105, align: 'right' });
  y += 24;
  if (refunded && order.refundDate) {
    const refund = formatMoney(order.amount === null ? null : String(-Number(order.amount)), order.currency);
    line(doc, `Refunded ${formatDate(order.refundDate, tz)}`, totalsX + 5, y + 3, { size: 9.5, width: 130 });
    line(doc, refund, totalsX + 110, y + 3, { size: 9.5, width: 105, align: 'right' });
    y += 18;
    line(doc, `Balance (${orDash(order.currency)})`, totalsX + 5, y + 3, { size: 10.5, bold: true, width: 130 });
    line(doc, formatMoney('0', order.currency), totalsX + 110, y + 3, {
      size: 10.5,
      bold: true,
      width: 105,
      align: 'right',
    });
    y += 18;
  }
  y += 20;

  line(doc, 'Payment', PAGE.margin, y, { size: 12, bold: true, color: COLORS.brand });
  y =
    factsBox(
      doc,
      [
        ['Payment date', dateTimeIn(order.paidAt ?? order.createdAt, tz)],
        ['Payment gateway', orDash(order.paymentGateway)],
        ['Transaction ID', orDash(order.transactionId)],
        ['Currency', orDash(order.currency)],
      ],
      y + 20,
    ) + 24;

  const closing =
    refunded && order.refundDate
      ? `The payment for the service above was refunded in full on ${formatDate(order.refundDate, tz)}. Nothing is owed.`
      : 'Thank you for your order. This invoice confirms payment in full for the service above.';
  y = paragraph(doc, closing, y) + 6;
  paragraph(
    doc,
    `Questions about this invoice: ${company.support.email} or ${company.support.phone}, quoting order ${order.orderId}.`,
    y,
    { color: COLORS.muted, size: 9 },
  );
  pageFooters(doc, `${company.company.name} · Invoice ${invoiceNumber}`);
  return pdfToBuffer(doc);
}
