import { displayIp, formatDateTime, orDash } from '@nzeta/domain';
import { applicantNameOf } from '../mail';
import type { ActivityRow, DownloadRow, MailRow, OrderEvidence } from './order-evidence';
import { isToCustomer } from './order-evidence';
import { formatMoney, zoneLabel } from './pdf-layout';
import type { TableColumn } from './pdf-table';

/**
 * The rows every pack, bundle and preview prints, built from one order's records. A history
 * longer than `limit` rows keeps its first and last rows and says what it left out (the
 * summary line gives the first and last dates and the counts).
 */
export interface Summarised {
  rows: string[][];
  /** null when every row is shown */
  summary: string | null;
  omitted: number;
}

/** About one A4 page of table rows. */
export const ROWS_PER_PAGE = 36;

export function summarise(rows: string[][], limit: number, describe: () => string): Summarised {
  if (rows.length <= limit) return { rows, summary: null, omitted: 0 };
  const head = Math.ceil(limit / 2);
  const tail = Math.max(limit - head - 1, 1);
  const omitted = rows.length - head - tail;
  const gap = [`… ${omitted.toLocaleString('en-US')} rows left out here: see the summary below the table …`];
  return { rows: [...rows.slice(0, head), gap, ...rows.slice(-tail)], summary: describe(), omitted };
}

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const distinct = <T>(items: T[], key: (item: T) => string | null) => new Set(items.map(key).filter(Boolean)).size;

/**
 * Weights in points of the 483-point content width, measured for 7-point DejaVu Sans Condensed:
 * each header, an IPv4 address, 'Mobile Chrome 124.0.6367.113', 'Samsung SM-S918B', every
 * device type and 'America/New_York' fit on one line (evidence-rows.unit.test.ts); longer values
 * wrap.
 */
export const downloadColumns = (tz: string): TableColumn[] => [
  { header: '#', weight: 20 },
  { header: `Date & Time ${zoneLabel(tz)}`, weight: 67 },
  { header: 'IP', weight: 61, wrap: true },
  { header: 'Browser', weight: 106, wrap: true },
  { header: 'OS', weight: 48, wrap: true },
  { header: 'Device', weight: 70, wrap: true },
  { header: 'Type', weight: 40 },
  { header: 'Time zone', weight: 71, wrap: true },
];

export function downloadRows(downloads: DownloadRow[], tz: string): string[][] {
  return downloads.map((d, i) => [
    String(i + 1),
    formatDateTime(d.createdAt, tz),
    displayIp(d.ip),
    orDash([d.browser, d.browserVersion].filter(Boolean).join(' ')),
    orDash(d.os),
    orDash(d.device),
    d.deviceType ?? (d.device || d.browser ? 'desktop' : '-'),
    orDash(d.timezone),
  ]);
}

export function downloadSummary(downloads: DownloadRow[], tz: string): string {
  const first = downloads[0];
  const last = downloads.at(-1);
  return (
    `${count(downloads.length, 'download')} between ${formatDateTime(first?.createdAt, tz)} and ` +
    `${formatDateTime(last?.createdAt, tz)} ${zoneLabel(tz)}, from ${count(
      distinct(downloads, (d) => d.ip),
      'IP address',
      'IP addresses',
    )} ` +
    `on ${count(
      distinct(downloads, (d) => [d.device, d.os, d.browser].join('|')),
      'device',
    )}.`
  );
}

/** approval, resend, invoice, refund: the types a customer's e-mail can have. */
export function mailType(kind: string): string {
  return kind.charAt(0).toUpperCase() + kind.slice(1).replace(/-/g, ' ');
}

export const mailColumns = (tz: string): TableColumn[] => [
  { header: '#', weight: 20 },
  { header: `Date & Time ${zoneLabel(tz)}`, weight: 67 },
  { header: 'Type', weight: 52 },
  { header: 'Recipient', weight: 121, wrap: true },
  { header: 'Attachment', weight: 103, wrap: true },
  { header: 'Provider', weight: 50 },
  { header: 'Delivery', weight: 70 },
];

/** Sent, then the provider's latest word on it (delivered, bounced…) when it sent one. */
export function deliveryOf(mail: MailRow): string {
  const state = mail.deliveryState ?? mail.state;
  return state.charAt(0).toUpperCase() + state.slice(1);
}

export function customerMails(evidence: OrderEvidence): MailRow[] {
  return evidence.mails.filter((m) => isToCustomer(m, evidence.order));
}

export function mailRows(mails: MailRow[], tz: string): string[][] {
  return mails.map((m, i) => [
    String(i + 1),
    formatDateTime(m.sentAt ?? m.createdAt, tz),
    mailType(m.kind),
    m.toAddress,
    orDash(m.attachments.map((a) => a.filename).join(', ')),
    m.provider,
    deliveryOf(m),
  ]);
}

export function mailSummary(mails: MailRow[], tz: string): string {
  const kinds = new Map<string, number>();
  for (const m of mails) kinds.set(mailType(m.kind), (kinds.get(mailType(m.kind)) ?? 0) + 1);
  const byKind = [...kinds].map(([kind, n]) => `${kind.toLowerCase()} ${n.toLocaleString('en-US')}`).join(', ');
  return (
    `${count(mails.length, 'e-mail')} to the customer (${byKind}) between ` +
    `${formatDateTime(mails[0]?.sentAt ?? mails[0]?.createdAt, tz)} and ` +
    `${formatDateTime(mails.at(-1)?.sentAt ?? mails.at(-1)?.createdAt, tz)} ${zoneLabel(tz)}.`
  );
}

/** Mails of this order that went elsewhere: counted, never listed (their addresses are not the customer's). */
export function otherAddressNote(evidence: OrderEvidence): string | null {
  const others = evidence.mails.length - customerMails(evidence).length;
  return others > 0
    ? `Not listed: ${count(others, 'e-mail')} of this order sent to another address than the customer's (${orDash(evidence.order.email)}).`
    : null;
}

export const activityColumns = (tz: string): TableColumn[] => [
  { header: '#', weight: 5 },
  { header: `Date & Time ${zoneLabel(tz)}`, weight: 16 },
  { header: 'By', weight: 20 },
  { header: 'Action', weight: 24 },
  { header: 'From', weight: 17 },
  { header: 'To', weight: 17 },
];

export function activityRows(activity: ActivityRow[], tz: string): string[][] {
  return activity.map((a, i) => [
    String(i + 1),
    formatDateTime(a.createdAt, tz),
    a.actorName,
    a.action.replace(/-/g, ' '),
    orDash(a.fromValue),
    orDash(a.toValue),
  ]);
}

/** The application's facts (DESIGN §5): who applied, from where, when they paid and how. */
export function applicationFacts(evidence: OrderEvidence, tz: string): Array<[string, string]> {
  const { order } = evidence;
  return [
    ['Order ID', String(order.orderId)],
    ['Applicant', applicantNameOf(order)],
    ['Nationality', orDash(order.nationality)],
    ['Passport country', orDash(order.issuingCountry)],
    ['E-mail', orDash(order.email)],
    ['Submitted', `${formatDateTime(order.createdAt, tz)} ${zoneLabel(tz)}`],
    ['Paid', order.paidAt ? `${formatDateTime(order.paidAt, tz)} ${zoneLabel(tz)}` : '-'],
    ['Amount', formatMoney(order.amount, order.currency)],
    ['Payment gateway', orDash(order.paymentGateway)],
    ['Transaction ID', orDash(order.transactionId)],
  ];
}
