import { formatDateTime, orDash } from '@nzeta/domain';
import {
  activityColumns,
  activityRows,
  applicationFacts,
  customerMails,
  downloadColumns,
  downloadRows,
  downloadSummary,
  mailColumns,
  mailRows,
  mailSummary,
  otherAddressNote,
  type Summarised,
  summarise,
} from './evidence-rows';
import type { OrderEvidence } from './order-evidence';
import { COLORS, CONTENT_WIDTH, factsBox, line, PAGE, PAGE_BOTTOM, type Pdf, paragraph, zoneLabel } from './pdf-layout';
import { newPage, TABLE_START_HEIGHT, type TableColumn, table } from './pdf-table';

/** How long each history may run before it is summarised; the bundle lowers these to fit. */
export interface SectionLimits {
  rows: number;
  /** characters of the approval e-mail's body text */
  bodyChars: number;
}

/** What a section left out, in words, for the bundle's "shortened to fit" list. */
export type Shortened = string[];

const TITLE_HEIGHT = 22;

/**
 * A section's title, on the page of what follows it: where a table's header and first row would
 * not fit below it, the title starts the next page instead of being left alone at the bottom.
 */
export function sectionTitle(doc: Pdf, title: string, y: number): number {
  const top = y + TITLE_HEIGHT + TABLE_START_HEIGHT > PAGE_BOTTOM ? newPage(doc) : y;
  line(doc, title, PAGE.margin, top, { bold: true, size: 12, color: COLORS.brand, width: CONTENT_WIDTH });
  return top + TITLE_HEIGHT;
}

function note(doc: Pdf, text: string, y: number): number {
  const top = y + 30 > PAGE_BOTTOM ? newPage(doc) : y;
  return paragraph(doc, text, top + 6, { size: 8.5, color: COLORS.muted }) + 4;
}

/** One history of an enclosure: its rows, how to describe them all, and what to print when there is none. */
interface History {
  /** its name in the "shortened to fit" list */
  name: string;
  /** what its rows are, counted there */
  unit: string;
  columns: TableColumn[];
  rows: string[][];
  describe: () => string;
  empty: string;
}

/** How a history's table is set: small and condensed, so a row of evidence stays on one line. */
export const HISTORY_TABLE = { size: 7, condensed: true } as const;

/**
 * A history as a table: past `limits.rows` its middle is left out and summarised below the table,
 * and what was left out joins the "shortened to fit" list.
 */
function historyTable(doc: Pdf, history: History, y: number, limits: SectionLimits, shortened: Shortened): number {
  const summarised: Summarised = summarise(history.rows, limits.rows, history.describe);
  if (summarised.omitted) {
    shortened.push(`${history.name}: ${summarised.omitted} of ${history.rows.length} ${history.unit} summarised`);
  }
  let bottom = table(doc, history.columns, summarised.rows, y, history.empty, HISTORY_TABLE);
  if (summarised.summary) bottom = note(doc, `Summary: ${summarised.summary}`, bottom);
  return bottom + 10;
}

/** Label and value lines; long values wrap under their label instead of being cut. */
export function keyValues(doc: Pdf, pairs: Array<[string, string]>, top: number): number {
  let y = top;
  const labelWidth = 120;
  for (const [label, value] of pairs) {
    const valueOptions = { x: PAGE.margin + labelWidth, width: CONTENT_WIDTH - labelWidth, size: 9 };
    doc.fontSize(9);
    const height = doc.heightOfString(value, { width: valueOptions.width, lineGap: 2 });
    if (y + height > PAGE_BOTTOM) y = newPage(doc);
    line(doc, label, PAGE.margin, y, { size: 9, bold: true, color: COLORS.muted, width: labelWidth - 8 });
    y = paragraph(doc, value, y, valueOptions) + 3;
  }
  return y;
}

/** The application's facts and the order's activity. */
export function factsEnclosure(
  doc: Pdf,
  ev: OrderEvidence,
  y: number,
  title: string,
  tz: string,
  limits: SectionLimits,
  shortened: Shortened,
): number {
  let top = sectionTitle(doc, title, y);
  top = factsBox(doc, applicationFacts(ev, tz), top) + 14;
  top = sectionTitle(doc, 'Activity on the order', top);
  const activity: History = {
    name: 'activity',
    unit: 'entries',
    columns: activityColumns(tz),
    rows: activityRows(ev.activity, tz),
    describe: () =>
      `${ev.activity.length.toLocaleString('en-US')} entries between ${formatDateTime(ev.activity[0]?.createdAt, tz)} and ${formatDateTime(ev.activity.at(-1)?.createdAt, tz)}.`,
    empty: 'No activity recorded',
  };
  return historyTable(doc, activity, top, limits, shortened);
}

/** The approval e-mail as it was sent, with the attached document's fingerprint and the provider's events. */
export function approvalEnclosure(
  doc: Pdf,
  ev: OrderEvidence,
  y: number,
  title: string,
  tz: string,
  limits: SectionLimits,
  shortened: Shortened,
): number {
  let top = sectionTitle(doc, title, y);
  const mail = ev.approval;
  if (!mail) return paragraph(doc, 'No approval e-mail has been sent for this order.', top) + 12;
  const document = ev.approvalDocument;
  const attachment = mail.attachments[0];
  top = keyValues(
    doc,
    [
      ['From', ev.mailFrom],
      ['To', mail.toAddress],
      ['Subject', mail.subject],
      ['Date', `${formatDateTime(mail.sentAt ?? mail.createdAt, tz)} ${zoneLabel(tz)}`],
      ['Provider', mail.provider],
      ['Provider message id', orDash(mail.providerMessageId)],
      ['Attachment', orDash(document?.originalName ?? attachment?.filename)],
      ['Size', document ? `${document.size.toLocaleString('en-US')} bytes` : '-'],
      ['SHA-256', orDash(document?.sha256)],
      ['Delivery', `${mail.state}${mail.deliveryState ? `, then ${mail.deliveryState} (provider)` : ''}`],
    ],
    top,
  );
  const body = mail.text.trim();
  const shown = body.length > limits.bodyChars ? `${body.slice(0, limits.bodyChars)} […]` : body;
  if (shown !== body) shortened.push(`approval e-mail text cut to ${limits.bodyChars} characters`);
  top = sectionTitle(doc, 'Body text as sent', top + 8);
  top = paragraph(doc, shown || '-', top, { size: 8.5 }) + 12;
  top = sectionTitle(doc, 'Delivery events reported by the provider', top);
  const events: History = {
    name: 'delivery events',
    unit: 'events',
    columns: [
      { header: '#', weight: 5 },
      { header: `Date & Time ${zoneLabel(tz)}`, weight: 18 },
      { header: 'Event', weight: 15 },
      { header: 'Provider', weight: 12 },
      { header: 'Detail', weight: 40 },
    ],
    rows: ev.approvalEvents.map((e, i) => [
      String(i + 1),
      formatDateTime(e.occurredAt, tz),
      e.event,
      e.provider,
      orDash([e.bounceType, e.reason].filter(Boolean).join(': ')),
    ]),
    describe: () => `${ev.approvalEvents.length} events from the provider.`,
    empty: 'No delivery event received from the provider',
  };
  return historyTable(doc, events, top, limits, shortened);
}

export function downloadsEnclosure(
  doc: Pdf,
  ev: OrderEvidence,
  y: number,
  title: string,
  tz: string,
  limits: SectionLimits,
  shortened: Shortened,
): number {
  const downloads: History = {
    name: 'downloads',
    unit: 'rows',
    columns: downloadColumns(tz),
    rows: downloadRows(ev.downloads, tz),
    describe: () => downloadSummary(ev.downloads, tz),
    empty: 'No record found',
  };
  return historyTable(doc, downloads, sectionTitle(doc, title, y), limits, shortened);
}

export function mailsEnclosure(
  doc: Pdf,
  ev: OrderEvidence,
  y: number,
  title: string,
  tz: string,
  limits: SectionLimits,
  shortened: Shortened,
): number {
  const mails = customerMails(ev);
  const history: History = {
    name: 'e-mails',
    unit: 'rows',
    columns: mailColumns(tz),
    rows: mailRows(mails, tz),
    describe: () => mailSummary(mails, tz),
    empty: 'No record found',
  };
  const bottom = historyTable(doc, history, sectionTitle(doc, title, y), limits, shortened);
  const others = otherAddressNote(ev);
  return others ? note(doc, others, bottom) : bottom;
}
