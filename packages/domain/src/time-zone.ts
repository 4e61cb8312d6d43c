/**
 * Time-zone names without dayjs or the country data, so the console's frame can label times
 * without pulling format.ts into the first load.
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
