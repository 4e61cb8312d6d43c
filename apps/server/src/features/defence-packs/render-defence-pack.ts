import { DEFAULT_BUSINESS_TZ, displayIp, formatDate, formatDateTime, orDash } from '@nzeta/domain';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { downloadHistory, mailMessages, orders } from '../../db/schema';
import type { CompanySettings } from '../mail/company-settings';
import { applicantNameOf } from '../mail/templates';
import { DEFAULT_EVIDENCE_IMAGES, type EvidenceImage } from './evidence-images';
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
  PAGE_BOTTOM,
  type Pdf,
  pageFooters,
  paragraph,
  pdfToBuffer,
  zoneLabel,
} from './pdf-layout';
import { newPage, type TableColumn, table } from './pdf-table';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The fixed statement every defence pack carries (DESIGN §5). */
export const NO_COMPLAINT_STATEMENT = 'No refund request or complaint was submitted by the customer.';

type OrderRow = typeof orders.$inferSelect;
export type DefencePackOrder = Pick<
  OrderRow,
  | 'orderId'
  | 'firstName'
  | 'lastName'
  | 'fullName'
  | 'email'
  | 'createdAt'
  | 'amount'
  | 'currency'
  | 'paymentGateway'
  | 'paidAt'
  | 'transactionId'
  | 'merchantName'
> & {
  /** when the approval e-mail with the document was sent (first sent approval mail) */
  documentDeliveredAt?: string | Date | null;
};
export type DownloadEntry = Pick<
  typeof downloadHistory.$inferSelect,
  'createdAt' | 'ip' | 'browser' | 'os' | 'timezone'
> &
  Partial<Pick<typeof downloadHistory.$inferSelect, 'browserVersion'>>;
export type EmailEntry = Pick<typeof mailMessages.$inferSelect, 'createdAt' | 'provider' | 'toAddress' | 'state'> &
  Partial<Pick<typeof mailMessages.$inferSelect, 'sentAt'>>;

interface CommonInput {
  order: DefencePackOrder;
  company: CompanySettings;
  /** the letter's date, shown in `timeZone` */
  today: Date;
  timeZone?: string;
  evidence?: readonly EvidenceImage[];
}
/** Pack 1 carries the Download History, pack 2 the Email History (DESIGN §5). */
export type DefencePackInput = CommonInput &
  ({ pack: 1; history: DownloadEntry[] } | { pack: 2; history: EmailEntry[] });

const downloadColumns = (tz: string): TableColumn[] => [
  { header: '#', weight: 6 },
  { header: `Date & Time ${zoneLabel(tz)}`, weight: 17 },
  { header: 'IP', weight: 17 },
  { header: 'Browser', weight: 17 },
  { header: 'OS', weight: 15 },
  { header: 'Location', weight: 20 },
];
const emailColumns = (tz: string): TableColumn[] => [
  { header: '#', weight: 6 },
  { header: `Date & Time ${zoneLabel(tz)}`, weight: 17 },
  { header: 'Provider', weight: 12 },
  { header: 'Recipient', weight: 35 },
  { header: 'State', weight: 12 },
];

/** Renders a defence pack: a letter to the merchant with its two enclosures, as a PDF. */
export async function renderDefencePack(input: DefencePackInput): Promise<Buffer> {
  const { order, company } = input;
  const tz = input.timeZone ?? DEFAULT_BUSINESS_TZ;
  const doc = createPdf(`Defence Pack ${input.pack} - Order ${order.orderId}`, company.company.name);
  letter(doc, input, tz);

  let y = newPage(doc);
  y = sectionTitle(doc, 'Enclosure A: the application flow the customer completed', y);
  y = evidence(doc, input.evidence ?? DEFAULT_EVIDENCE_IMAGES, y) + 12;
  if (input.pack === 1) {
    y = sectionTitle(doc, 'Enclosure B: Download History of the delivered document', y);
    const rows = input.history.map((h, i) => [
      String(i + 1),
      formatDateTime(h.createdAt, tz),
      displayIp(h.ip),
      orDash([h.browser, h.browserVersion].filter(Boolean).join(' ')),
      orDash(h.os),
      orDash(h.timezone),
    ]);
    table(doc, downloadColumns(tz), rows, y, 'No record found');
  } else {
    y = sectionTitle(doc, 'Enclosure B: Email History of the order', y);
    const rows = input.history.map((h, i) => [
      String(i + 1),
      formatDateTime(h.sentAt ?? h.createdAt, tz),
      h.provider,
      h.toAddress,
      h.state.charAt(0).toUpperCase() + h.state.slice(1),
    ]);
    table(doc, emailColumns(tz), rows, y, 'No record found');
  }
  pageFooters(doc, `${company.company.name} · Defence Pack ${input.pack} · Order ${order.orderId}`);
  return pdfToBuffer(doc);
}

function letter(doc: Pdf, input: DefencePackInput, tz: string): void {
  const { order, company } = input;
  const applicant = applicantNameOf(order);
  const transaction = orDash(order.transactionId);
  const delivered = dateTimeIn(order.documentDeliveredAt, tz);
  let y = letterhead(doc, company);
  line(doc, dayjs(input.today).tz(tz).format('D MMMM YYYY'), PAGE.margin, y, { width: CONTENT_WIDTH, align: 'right' });
  line(doc, `To: ${order.merchantName?.trim() || 'The Merchant'}`, PAGE.margin, y, { bold: true, width: 320 });
  y += 28;
  y = paragraph(doc, `Re: Order ${order.orderId} - Transaction ID ${transaction}`, y, { bold: true, size: 11 }) + 12;
  y = paragraph(doc, 'Dear Sir or Madam,', y) + 8;
  y =
    paragraph(
      doc,
      `We write about the disputed card transaction ${transaction} for order ${order.orderId}. ${applicant} applied for ` +
        `our ${company.productTitle} service on ${formatDate(order.createdAt, tz)} and paid ` +
        `${formatMoney(order.amount, order.currency)}. We processed the application and delivered the approved travel ` +
        `document to the customer's e-mail address${delivered === '-' ? '' : ` on ${delivered}`}. The customer applied for ` +
        'and received the service in full, as ordered.',
      y,
    ) + 14;
  y =
    factsBox(
      doc,
      [
        ['Order ID', String(order.orderId)],
        ['Transaction ID', transaction],
        ['Applicant', applicant],
        ['E-mail', orDash(order.email)],
        ['Order date', dateTimeIn(order.createdAt, tz)],
        ['Amount', formatMoney(order.amount, order.currency)],
        ['Payment gateway', orDash(order.paymentGateway)],
        ['Document delivered', delivered],
      ],
      y,
    ) + 16;
  doc.rect(PAGE.margin, y, 4, 30).fill(COLORS.brand);
  line(doc, NO_COMPLAINT_STATEMENT, PAGE.margin + 14, y + 10, { bold: true, size: 11, width: CONTENT_WIDTH - 14 });
  y += 46;
  const enclosureB =
    input.pack === 1
      ? 'Enclosure B lists every download of the document from our order-tracking page, with its date, time, IP address and device.'
      : 'Enclosure B lists every e-mail we sent to the customer for this order and the provider that accepted it for delivery.';
  y =
    paragraph(
      doc,
      `Enclosure A shows the steps of the application the customer completed. ${enclosureB} ` +
        'We therefore ask that the dispute be resolved in our favour and the chargeback reversed.',
      y,
    ) + 18;
  y = paragraph(doc, 'Yours faithfully,', y) + 22;
  line(doc, company.company.name, PAGE.margin, y, { bold: true });
  line(doc, `Customer Service · ${company.support.phone} · ${company.support.email}`, PAGE.margin, y + 14, {
    color: COLORS.muted,
    size: 9,
  });
}

function sectionTitle(doc: Pdf, title: string, y: number): number {
  line(doc, title, PAGE.margin, y, { bold: true, size: 12, color: COLORS.brand, width: CONTENT_WIDTH });
  return y + 24;
}

/** Evidence images two per row, each with a caption; returns the y below them. */
function evidence(doc: Pdf, images: readonly EvidenceImage[], top: number): number {
  const gap = 16;
  const width = (CONTENT_WIDTH - gap) / 2;
  let y = top;
  let rowHeight = 0;
  images.forEach((image, i) => {
    const column = i % 2;
    if (column === 0 && i > 0) y += rowHeight + 14;
    const opened = openImage(doc, image.path);
    const height = (opened.height / opened.width) * width;
    if (column === 0 && y + height + 20 > PAGE_BOTTOM) y = newPage(doc);
    rowHeight = column === 0 ? height + 18 : Math.max(rowHeight, height + 18);
    const x = PAGE.margin + column * (width + gap);
    doc.image(image.path, x, y, { width });
    doc.rect(x, y, width, height).lineWidth(0.5).stroke(COLORS.line);
    line(doc, `A${i + 1}. ${image.caption}`, x, y + height + 5, {
      size: 8.5,
      color: COLORS.muted,
      width,
    });
  });
  return y + rowHeight;
}

/**
 * pdfkit's openImage is public at run time but missing from its typings. It registers the image
 * under its path, so the doc.image(path) that follows reuses it instead of reading it again.
 */
function openImage(doc: Pdf, file: string): { width: number; height: number } {
  return (doc as unknown as { openImage(src: string): { width: number; height: number } }).openImage(file);
}
