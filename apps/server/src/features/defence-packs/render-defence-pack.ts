import { DEFAULT_BUSINESS_TZ, formatDate, formatLongDate, orDash } from '@nzeta/domain';
import { applicantNameOf } from '../mail';
import { ROWS_PER_PAGE } from './evidence-rows';
import {
  approvalEnclosure,
  downloadsEnclosure,
  factsEnclosure,
  keyValues,
  mailsEnclosure,
  type SectionLimits,
  type Shortened,
} from './evidence-sections';
import { documentDeliveredAt, type OrderEvidence } from './order-evidence';
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
  type Pdf,
  pageFooters,
  paragraph,
  pdfToBuffer,
} from './pdf-layout';
import { newPage } from './pdf-table';

/** The fixed statement every defence pack carries (DESIGN §5), when the records bear it out. */
export const NO_COMPLAINT_STATEMENT = 'No refund request or complaint was submitted by the customer.';
export const REFUND_ON_RECORD = 'A refund request is on record for this order: see the activity in Enclosure A.';

export interface PackOptions {
  /** the letter's date, shown in `timeZone` */
  today: Date;
  timeZone?: string;
  limits?: SectionLimits;
}

export const DEFAULT_LIMITS: SectionLimits = { rows: ROWS_PER_PAGE, bodyChars: 3000 };

/** What each pack's letter says its enclosures hold. */
export const PACK_ENCLOSURES = {
  1: [
    "Enclosure A: the application's facts and the order's activity.",
    'Enclosure B: every download of the delivered document from our order-tracking page, with its date, time, IP address, browser, operating system, device and time zone.',
  ],
  2: [
    "Enclosure A: the application's facts and the order's activity.",
    'Enclosure B: the approval e-mail as it was sent, with the attached document and the delivery events the provider reported.',
    "Enclosure C: every e-mail we sent to the customer's address for this order, with its type and attachment.",
  ],
} as const;

declare module '../../lib/pdf-renderer' {
  interface PdfJobs {
    defencePack: typeof renderDefencePack;
  }
}

/** Renders a defence pack: a letter to the merchant with its enclosures, from this order's records only. */
export async function renderDefencePack(ev: OrderEvidence, pack: 1 | 2, options: PackOptions): Promise<Buffer> {
  const tz = options.timeZone ?? DEFAULT_BUSINESS_TZ;
  const limits = options.limits ?? DEFAULT_LIMITS;
  const { order, company } = ev;
  const doc = createPdf(`Defence Pack ${pack} - Order ${order.orderId}`, company.company.name);
  writeLetter(doc, ev, { today: options.today, tz, enclosures: PACK_ENCLOSURES[pack] });
  const shortened: Shortened = [];
  let y = factsEnclosure(doc, ev, newPage(doc), 'Enclosure A: the application', tz, limits, shortened);
  if (pack === 1) {
    downloadsEnclosure(doc, ev, y, 'Enclosure B: Download History of the delivered document', tz, limits, shortened);
  } else {
    y = approvalEnclosure(doc, ev, y + 6, 'Enclosure B: the approval e-mail as sent', tz, limits, shortened);
    mailsEnclosure(doc, ev, y, "Enclosure C: Email History to the customer's address", tz, limits, shortened);
  }
  pageFooters(doc, `${company.company.name} · Defence Pack ${pack} · Order ${order.orderId}`);
  return pdfToBuffer(doc);
}

export interface LetterOptions {
  today: Date;
  tz: string;
  enclosures: readonly string[];
  /** the dispute's own facts (the evidence bundle's letter) */
  dispute?: Array<[string, string]>;
}

/** The letter's paragraphs, shared by the PDF and the on-screen preview. */
export function letterParagraphs(ev: OrderEvidence, tz: string): string[] {
  const { order, company } = ev;
  const applicant = applicantNameOf(order);
  const transaction = orDash(order.transactionId);
  const delivered = dateTimeIn(documentDeliveredAt(ev), tz);
  return [
    `We write about the disputed card transaction ${transaction} for order ${order.orderId}. ${applicant} applied for ` +
      `our ${company.productTitle} service on ${formatDate(order.createdAt, tz)} and paid ` +
      `${formatMoney(order.amount, order.currency)}. We processed the application and delivered the approved travel ` +
      `document to the customer's e-mail address${delivered === '-' ? '' : ` on ${delivered}`}. The customer applied for ` +
      'and received the service in full, as ordered.',
    'The enclosures are drawn from our records of this order only. We therefore ask that the dispute be resolved in ' +
      'our favour and the chargeback reversed.',
  ];
}

export function letterFacts(ev: OrderEvidence, tz: string): Array<[string, string]> {
  const { order } = ev;
  return [
    ['Order ID', String(order.orderId)],
    ['Transaction ID', orDash(order.transactionId)],
    ['Applicant', applicantNameOf(order)],
    ['E-mail', orDash(order.email)],
    ['Order date', dateTimeIn(order.createdAt, tz)],
    ['Amount', formatMoney(order.amount, order.currency)],
    ['Payment gateway', orDash(order.paymentGateway)],
    ['Document delivered', dateTimeIn(documentDeliveredAt(ev), tz)],
  ];
}

export function writeLetter(doc: Pdf, ev: OrderEvidence, options: LetterOptions): void {
  const { order, company } = ev;
  const { tz } = options;
  const [opening, closingParagraph] = letterParagraphs(ev, tz);
  let y = letterhead(doc, company);
  line(doc, formatLongDate(options.today, tz), PAGE.margin, y, {
    width: CONTENT_WIDTH,
    align: 'right',
  });
  line(doc, `To: ${order.merchantName?.trim() || 'The Merchant'}`, PAGE.margin, y, { bold: true, width: 320 });
  y += 24;
  y =
    paragraph(doc, `Re: Order ${order.orderId} - Transaction ID ${orDash(order.transactionId)}`, y, {
      bold: true,
      size: 11,
    }) + 8;
  if (options.dispute) y = keyValues(doc, options.dispute, y) + 8;
  y = paragraph(doc, 'Dear Sir or Madam,', y) + 6;
  y = paragraph(doc, opening ?? '', y) + 10;
  y = factsBox(doc, letterFacts(ev, tz), y) + 12;
  doc.rect(PAGE.margin, y, 4, 26).fill(COLORS.brand);
  const statement = ev.hasRefundRequest ? REFUND_ON_RECORD : NO_COMPLAINT_STATEMENT;
  line(doc, statement, PAGE.margin + 14, y + 8, { bold: true, size: 10.5, width: CONTENT_WIDTH - 14 });
  y += 38;
  for (const enclosure of options.enclosures) y = paragraph(doc, enclosure, y, { size: 9 }) + 3;
  y = paragraph(doc, closingParagraph ?? '', y + 6) + 14;
  y = paragraph(doc, 'Yours faithfully,', y) + 16;
  line(doc, company.company.name, PAGE.margin, y, { bold: true });
  line(doc, `Customer Service · ${company.support.phone} · ${company.support.email}`, PAGE.margin, y + 14, {
    color: COLORS.muted,
    size: 9,
  });
}
