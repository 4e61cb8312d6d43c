import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { dialCodeFor } from './dial-codes';
import { statusLabel } from './statuses';
import { formatInstant, zonedParts, zoneLabel } from './time-zone';

export { formatInstant, zoneLabel };

dayjs.extend(utc);
dayjs.extend(timezone);

export const MISSING = '-';
export const DEFAULT_BUSINESS_TZ = 'America/New_York';

function present(value: string | null | undefined): value is string {
  return value !== null && value !== undefined && String(value).trim() !== '';
}

export function fullName(first?: string | null, last?: string | null): string {
  const name = [first, last].filter(present).join(' ').trim();
  return name || MISSING;
}

/**
 * '+', dial code, number. The country is matched case-insensitively before any bracket; with
 * no match the original value is shown (SPEC §3).
 */
export function formatTelephone(country: string | null | undefined, phone: string | null | undefined): string {
  if (!present(phone)) return MISSING;
  const dial = dialCodeFor(country);
  if (dial) return `+${dial} ${phone}`;
  return present(country) ? `${country} ${phone}` : phone;
}

/** DD/MM/YYYY HH:mm in the business time zone. */
export function formatDateTime(value: string | Date | null | undefined, tz = DEFAULT_BUSINESS_TZ): string {
  if (!value) return MISSING;
  const d = dayjs(value);
  if (!d.isValid()) return MISSING;
  return formatInstant(d.toDate(), tz);
}

/** DD/MM/YYYY HH:mm followed by the zone's short name ('26/11/2026 09:15 EST'). */
export function formatDateTimeZoned(value: string | Date | null | undefined, tz = DEFAULT_BUSINESS_TZ): string {
  const shown = formatDateTime(value, tz);
  return shown === MISSING || !value ? shown : `${shown} ${zoneLabel(tz, value)}`.trim();
}

/** DD/MM/YYYY in the business time zone. */
export function formatDate(value: string | Date | null | undefined, tz = DEFAULT_BUSINESS_TZ): string {
  if (!value) return MISSING;
  const d = dayjs(value);
  if (!d.isValid()) return MISSING;
  const p = zonedParts(d.toDate(), tz);
  return `${p.day}/${p.month}/${p.year}`;
}

/** Process dates are calendar days, shown as they are stored (UTC), DD/MM/YYYY. */
export function formatUtcDate(value: string | Date | null | undefined): string {
  if (!value) return MISSING;
  const d = dayjs.utc(value);
  return d.isValid() ? d.format('DD/MM/YYYY') : MISSING;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A long date in the business time zone ('26 November 2026'), as letters carry it: through the
 * zone's one formatter (time-zone.ts), not dayjs' tz, which builds a formatter per call (about
 * 1 ms, paid by every defence pack).
 */
export function formatLongDate(value: string | Date, tz = DEFAULT_BUSINESS_TZ): string {
  const d = dayjs(value);
  if (!d.isValid()) return MISSING;
  const p = zonedParts(d.toDate(), tz);
  return `${Number(p.day)} ${MONTH_NAMES[Number(p.month) - 1]} ${p.year}`;
}

/** The instant a business day (YYYY-MM-DD) starts in the business time zone, as ISO 8601. */
export function startOfBusinessDay(date: string, tz = DEFAULT_BUSINESS_TZ): string {
  return dayjs.tz(date, tz).toISOString();
}

/** The instant the business day after `date` starts: the exclusive end of a date range. */
export function startOfNextBusinessDay(date: string, tz = DEFAULT_BUSINESS_TZ): string {
  return dayjs.tz(date, tz).add(1, 'day').toISOString();
}

/** Today's calendar date (YYYY-MM-DD) in the business time zone: the 'due' boundary. */
export function businessToday(tz = DEFAULT_BUSINESS_TZ, now?: Date): string {
  const at = now ?? new Date();
  const kept = todayByZone.get(tz);
  const minute = Math.floor(at.getTime() / 60_000);
  if (!now && kept?.minute === minute) return kept.day;
  const p = zonedParts(at, tz);
  const day = `${p.year}-${p.month}-${p.day}`;
  // Every request asks (the folder rules' 'due'), and the zone's calendar costs a formatter call.
  // Zone offsets are whole minutes, so a zone's date changes only as a UTC minute begins.
  if (!now) todayByZone.set(tz, { day, minute });
  return day;
}

const todayByZone = new Map<string, { day: string; minute: number }>();

export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || String(value).trim() === '' ? MISSING : String(value);
}

export interface OrderListRow {
  order_id: number;
  process_status: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone_number: string | null;
  country_code: string | null;
  created_at: string | null;
  refund_date: string | null;
  processing_date: string | null;
  process_month: string | null;
  assign_to: string | null;
}

export interface DisplayRow {
  id: number;
  status: string;
  name: string;
  email: string;
  telephone: string;
  date: string;
  refundDate: string;
  processDate: string;
  processMonth: string;
  assign_to: string | null;
}

/** The list row as displayed (SPEC §3). */
export function toDisplayRow(row: OrderListRow, tz = DEFAULT_BUSINESS_TZ): DisplayRow {
  return {
    id: row.order_id,
    status: statusLabel(row.process_status, row.refund_date),
    name: fullName(row.first_name, row.last_name),
    email: orDash(row.email),
    telephone: formatTelephone(row.country_code, row.phone_number),
    date: formatDateTime(row.created_at, tz),
    refundDate: formatDate(row.refund_date, tz),
    processDate: formatUtcDate(row.processing_date),
    processMonth: orDash(row.process_month),
    assign_to: row.assign_to,
  };
}

/** Strips the IPv6-mapped prefix for display: '::ffff:1.2.3.4' → '1.2.3.4'. */
export function displayIp(ip: string | null | undefined): string {
  if (!present(ip)) return MISSING;
  return ip.replace(/^::ffff:/i, '');
}

/**
 * The visitor history's browser field is 'Browser-Version-Device-Model' (SPEC §3): part 1 is the
 * browser, part 3 the device, parts 3 and 4 the device type. 'Unknown' is dropped from the device
 * type and the OS only, as the spec says; the device column shows the part as recorded.
 */
export function splitBrowserField(browser: string | null | undefined, os: string | null | undefined) {
  const parts = (browser ?? '').split('-');
  const clean = (v: string) =>
    v
      .replace(/Unknown/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  return {
    browser: orDash(parts[0]),
    device: orDash(parts[2]?.trim()),
    deviceType: orDash(clean(`${parts[2] ?? ''} ${parts[3] ?? ''}`)),
    os: orDash(clean(os ?? '')),
  };
}

/** A calendar day stored as YYYY-MM-DD, shown and typed as DD/MM/YYYY (the console's date pickers). */
export function isoDayToTyped(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** DD/MM/YYYY as typed to YYYY-MM-DD; null when it is not a real calendar day (31/02/2026). */
export function typedDayToIso(value: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === iso ? iso : null;
}
