import { MISSING } from '@nzeta/domain';
import dayjs from 'dayjs';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(tz: string): Intl.DateTimeFormat {
  let formatter = formatters.get(tz);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(tz, formatter);
  }
  return formatter;
}

/**
 * The domain's formatDateTime / formatDate output (DD/MM/YYYY HH:mm, DD/MM/YYYY in `tz`), with
 * one cached Intl formatter per zone: dayjs' tz() builds a new one per call, which cost more than
 * the rest of a 200-row history table.
 */
export function zonedFormat(tz: string) {
  const formatter = formatterFor(tz);
  const parts = (value: string | Date | null | undefined) => {
    if (!value) return undefined;
    const time = dayjs(value).valueOf();
    if (Number.isNaN(time)) return undefined;
    const found: Record<string, string> = {};
    for (const part of formatter.formatToParts(time)) found[part.type] = part.value;
    return found;
  };
  return {
    dateTime(value: string | Date | null | undefined): string {
      const p = parts(value);
      return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : MISSING;
    },
    date(value: string | Date | null | undefined): string {
      const p = parts(value);
      return p ? `${p.day}/${p.month}/${p.year}` : MISSING;
    },
  };
}
