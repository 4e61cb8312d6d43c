import { formatDate, formatDateTime } from '@nzeta/domain';
import { describe, expect, it } from 'vitest';
import { zonedFormat } from './zoned-format';

describe('zonedFormat', () => {
  it('matches the domain formatters, across daylight-saving changes and zones', () => {
    const zones = ['America/New_York', 'Pacific/Auckland', 'UTC', 'Asia/Kolkata'];
    const start = Date.UTC(2024, 0, 1);
    const instants: number[] = [];
    for (let t = start; t < start + 400 * 86_400_000; t += 97 * 3_600_000 + 13 * 60_000) instants.push(t);
    // Every 31 minutes around the 2024 clock changes of New York and Auckland.
    for (const change of ['2024-03-10T07:00Z', '2024-11-03T06:00Z', '2024-04-06T14:00Z', '2024-09-28T14:00Z']) {
      const at = Date.parse(change);
      for (let t = at - 6 * 3_600_000; t < at + 6 * 3_600_000; t += 31 * 60_000) instants.push(t);
    }
    for (const tz of zones) {
      const format = zonedFormat(tz);
      for (const t of instants) {
        const iso = new Date(t).toISOString();
        expect(format.dateTime(iso)).toBe(formatDateTime(iso, tz));
        expect(format.date(iso)).toBe(formatDate(iso, tz));
      }
    }
  });

  it('shows a dash for missing or invalid values, like the domain', () => {
    const format = zonedFormat('America/New_York');
    for (const value of [null, undefined, '', 'not a date']) {
      expect(format.dateTime(value)).toBe(formatDateTime(value));
    }
    expect(format.dateTime('2025-02-01 14:05:00+00')).toBe(formatDateTime('2025-02-01 14:05:00+00'));
  });
});
