/**
 * The business zone's calendar and clock without dayjs or the country data, so the console's
 * frame can show times without pulling format.ts into the first load. format.ts formats through
 * here too: one path from an instant to what the screen, the letters and the e-mails show.
 */
const DEFAULT_TZ = 'America/New_York';
const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name at that instant: 'EST' in winter, 'EDT' in summer, 'GMT+12' where no abbreviation exists. */
export function zoneLabel(tz = DEFAULT_TZ, at: string | Date = new Date()): string {
  let format = zoneNames.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'short' });
    zoneNames.set(tz, format);
  }
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return '';
  return format.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date and clock time of an instant in a time zone. One formatter per zone, built
 * once: building one per call (as dayjs' tz does) cost about half a millisecond, paid for every
 * date cell a table renders and every folder request.
 */
export function zonedParts(date: Date, tz: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  let format = zoneFormats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    zoneFormats.set(tz, format);
  }
  const parts = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const part of format.formatToParts(date)) {
    if (part.type in parts) parts[part.type as keyof typeof parts] = part.value;
  }
  return parts;
}

/** DD/MM/YYYY HH:mm of an instant in the time zone: the console's one date-and-time format. */
export function formatInstant(date: Date, tz = DEFAULT_TZ): string {
  const p = zonedParts(date, tz);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}
