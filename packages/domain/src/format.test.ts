import dayjs from 'dayjs';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  businessToday,
  displayIp,
  formatDate,
  formatDateTime,
  formatInstant,
  formatLongDate,
  formatTelephone,
  formatUtcDate,
  fullName,
  isoDayToTyped,
  type OrderListRow,
  splitBrowserField,
  startOfBusinessDay,
  startOfNextBusinessDay,
  toDisplayRow,
  typedDayToIso,
} from './format';

const row = (fields: Partial<OrderListRow> = {}): OrderListRow => ({
  order_id: 100123,
  process_status: 'New',
  first_name: 'Aroha',
  last_name: 'Ngata',
  email: 'aroha@example.com',
  phone_number: '211234567',
  country_code: 'New Zealand',
  created_at: '2025-01-15T14:05:00.000Z',
  refund_date: null,
  processing_date: null,
  process_month: null,
  assign_to: null,
  ...fields,
});

describe('toDisplayRow (SPEC §3)', () => {
  it('joins the name, formats the phone and dates in the business time zone', () => {
    expect(toDisplayRow(row(), 'America/New_York')).toEqual({
      id: 100123,
      status: 'New',
      name: 'Aroha Ngata',
      email: 'aroha@example.com',
      telephone: '+64 211234567',
      date: '15/01/2025 09:05',
      refundDate: '-',
      processDate: '-',
      processMonth: '-',
      assign_to: null,
    });
  });

  it("shows '-' for every missing value", () => {
    const shown = toDisplayRow(
      row({ first_name: null, last_name: '  ', email: '', phone_number: null, created_at: null }),
    );
    expect(shown).toMatchObject({ name: '-', email: '-', telephone: '-', date: '-' });
  });

  it('shows Awaiting as Awaiting Customer and refunds as pending or refunded', () => {
    expect(toDisplayRow(row({ process_status: 'Awaiting' })).status).toBe('Awaiting Customer');
    expect(toDisplayRow(row({ process_status: 'AwaitingGovt' })).status).toBe('Awaiting Govt');
    expect(toDisplayRow(row({ process_status: 'Refunds' })).status).toBe('Refund Pending');
    const refunded = toDisplayRow(row({ process_status: 'Refunds', refund_date: '2025-02-01T03:00:00Z' }), 'UTC');
    expect(refunded).toMatchObject({ status: 'Refunded', refundDate: '01/02/2025' });
  });

  it('process dates are calendar days shown as stored (UTC), whatever the business zone', () => {
    const shown = toDisplayRow(row({ processing_date: '2025-07-01', process_month: 'Jul' }), 'Pacific/Honolulu');
    expect(shown).toMatchObject({ processDate: '01/07/2025', processMonth: 'Jul' });
  });

  it('keeps the assignee name for the greyed View', () => {
    expect(toDisplayRow(row({ assign_to: 'Demo Team' })).assign_to).toBe('Demo Team');
  });
});

describe('formatTelephone', () => {
  it('matches the country case-insensitively before any bracket', () => {
    expect(formatTelephone('india', '9876543210')).toBe('+91 9876543210');
    expect(formatTelephone('United Kingdom (Great Britain)', '7700900123')).toBe('+44 7700900123');
    expect(formatTelephone('  AUSTRALIA ', '412345678')).toBe('+61 412345678');
    expect(formatTelephone('USA', '2025550123')).toBe('+1 2025550123');
  });

  it('shows the original value when the country is unknown, and - without a number', () => {
    expect(formatTelephone('Atlantis', '123')).toBe('Atlantis 123');
    expect(formatTelephone(null, '123')).toBe('123');
    expect(formatTelephone('India', '')).toBe('-');
    expect(formatTelephone('India', null)).toBe('-');
  });
});

describe('dates', () => {
  it('DD/MM/YYYY HH:mm and DD/MM/YYYY in the zone given', () => {
    expect(formatDateTime('2025-12-31T23:30:00Z', 'UTC')).toBe('31/12/2025 23:30');
    expect(formatDateTime('2025-12-31T23:30:00Z', 'Pacific/Auckland')).toBe('01/01/2026 12:30');
    expect(formatDate('2025-12-31T23:30:00Z', 'America/New_York')).toBe('31/12/2025');
    expect(formatUtcDate('2025-03-09')).toBe('09/03/2025');
  });

  it("answers '-' for empty or invalid values", () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
    expect(formatDate(undefined)).toBe('-');
    expect(formatUtcDate('')).toBe('-');
  });

  it('businessToday is the calendar day in the business time zone', () => {
    const now = new Date('2025-06-30T23:30:00Z');
    expect(businessToday('UTC', now)).toBe('2025-06-30');
    expect(businessToday('Pacific/Auckland', now)).toBe('2025-07-01');
    expect(businessToday('America/Los_Angeles', now)).toBe('2025-06-30');
  });

  it("businessToday of the present turns with the zone's midnight, to the minute", () => {
    vi.useFakeTimers();
    try {
      const dayAt = (instant: string) => {
        vi.setSystemTime(new Date(instant));
        return businessToday('Pacific/Auckland');
      };
      // Auckland is UTC+12 in winter: its midnight is 12:00 UTC. The last instant is the clock set
      // back (as tests and NTP do): it is answered for the time it now says.
      const instants = [
        '2025-06-30T11:58:30Z',
        '2025-06-30T11:58:59Z',
        '2025-06-30T11:59:59Z',
        '2025-06-30T12:00:00Z',
        '2025-06-30T12:00:30Z',
        '2025-06-30T11:00:00Z',
      ];
      expect(instants.map(dayAt)).toEqual([
        '2025-06-30',
        '2025-06-30',
        '2025-06-30',
        '2025-07-01',
        '2025-07-01',
        '2025-06-30',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fullName joins what is present', () => {
    expect(fullName('Ana', null)).toBe('Ana');
    expect(fullName(null, 'Lee')).toBe('Lee');
    expect(fullName(' ', '')).toBe('-');
  });
});

describe('visitor history fields', () => {
  it('splitBrowserField reads browser, device and device type, dropping Unknown from device type and OS', () => {
    expect(splitBrowserField('Chrome-124.0-Apple-iPhone', 'iOS 17.4')).toEqual({
      browser: 'Chrome',
      device: 'Apple',
      deviceType: 'Apple iPhone',
      os: 'iOS 17.4',
    });
    expect(splitBrowserField('Firefox-120-Unknown-Unknown', 'Unknown')).toEqual({
      browser: 'Firefox',
      device: 'Unknown',
      deviceType: '-',
      os: '-',
    });
    expect(splitBrowserField(null, null)).toEqual({ browser: '-', device: '-', deviceType: '-', os: '-' });
  });

  it('displayIp strips the IPv6-mapped prefix', () => {
    expect(displayIp('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(displayIp('::FFFF:10.0.0.1')).toBe('10.0.0.1');
    expect(displayIp('2001:db8::1')).toBe('2001:db8::1');
    expect(displayIp(null)).toBe('-');
  });
});

describe('formatDateTime and formatDate across daylight-saving changes', () => {
  it("agree with dayjs' own time-zone conversion in every zone, every 31 minutes around each change", () => {
    const zones = ['America/New_York', 'Pacific/Auckland', 'UTC', 'Asia/Kolkata'];
    const start = Date.UTC(2024, 0, 1);
    const instants: number[] = [];
    for (let t = start; t < start + 400 * 86_400_000; t += 97 * 3_600_000 + 13 * 60_000) instants.push(t);
    for (const change of ['2024-03-10T07:00Z', '2024-11-03T06:00Z', '2024-04-06T14:00Z', '2024-09-28T14:00Z']) {
      const at = Date.parse(change);
      for (let t = at - 6 * 3_600_000; t < at + 6 * 3_600_000; t += 31 * 60_000) instants.push(t);
    }
    for (const tz of zones) {
      for (const t of instants) {
        const iso = new Date(t).toISOString();
        expect(formatDateTime(iso, tz)).toBe(dayjs(iso).tz(tz).format('DD/MM/YYYY HH:mm'));
        expect(formatDate(iso, tz)).toBe(dayjs(iso).tz(tz).format('DD/MM/YYYY'));
      }
    }
  });

  it('reads the database spelling of an instant and shows a dash for missing or invalid values', () => {
    expect(formatDateTime('2025-02-01 14:05:00+00', 'UTC')).toBe('01/02/2025 14:05');
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDateTime(value)).toBe('-');
      expect(formatDate(value)).toBe('-');
    }
  });
});

describe('zone labels', () => {
  it('names the business zone at the instant shown', async () => {
    const { formatDateTimeZoned, zoneLabel } = await import('./format');
    expect(formatDateTimeZoned('2026-01-15T14:05:00Z', 'America/New_York')).toBe('15/01/2026 09:05 EST');
    expect(formatDateTimeZoned('2026-07-15T14:05:00Z', 'America/New_York')).toBe('15/07/2026 10:05 EDT');
    expect(formatDateTimeZoned(null, 'America/New_York')).toBe('-');
    expect(zoneLabel('UTC', '2026-01-01T00:00:00Z')).toBe('UTC');
  });
});

describe('typed calendar days', () => {
  it('shows YYYY-MM-DD as DD/MM/YYYY and reads it back', () => {
    expect(isoDayToTyped('2026-11-05')).toBe('05/11/2026');
    expect(isoDayToTyped('')).toBe('');
    expect(isoDayToTyped(null)).toBe('');
    expect(typedDayToIso('05/11/2026')).toBe('2026-11-05');
    expect(typedDayToIso('5/1/2026')).toBe('2026-01-05');
  });

  it('refuses what is not a real day or not DD/MM/YYYY', () => {
    expect(typedDayToIso('31/02/2026')).toBeNull();
    expect(typedDayToIso('13/13/2026')).toBeNull();
    expect(typedDayToIso('2026-11-05')).toBeNull();
    expect(typedDayToIso('11/5/26')).toBeNull();
  });
});

describe('the one date path', () => {
  it('shows an instant as the console does, in the business zone', () => {
    const at = new Date('2026-11-26T15:04:00Z');
    expect(formatInstant(at, 'America/New_York')).toBe('26/11/2026 10:04');
    expect(formatDateTime(at, 'Pacific/Auckland')).toBe(formatInstant(at, 'Pacific/Auckland'));
    // The clock the console's frame showed before: en-GB with a 24-hour cycle, to the minute.
    const legacy = at.toLocaleString('en-GB', { timeZone: 'Pacific/Auckland', hourCycle: 'h23' }).replace(',', '');
    expect(formatInstant(at, 'Pacific/Auckland')).toBe(legacy.slice(0, 16));
  });

  it('writes the long date of letters and bounds a business day', () => {
    expect(formatLongDate('2026-11-26T03:00:00Z', 'America/New_York')).toBe('25 November 2026');
    expect(formatLongDate('not a date')).toBe('-');
    expect(startOfBusinessDay('2026-11-26', 'America/New_York')).toBe('2026-11-26T05:00:00.000Z');
    expect(startOfNextBusinessDay('2026-11-26', 'America/New_York')).toBe('2026-11-27T05:00:00.000Z');
  });

  it("writes every letter's date as dayjs' zone conversion did, in any zone and around every change of day", () => {
    const zones = ['America/New_York', 'Pacific/Auckland', 'Pacific/Chatham', 'Asia/Kolkata', 'Europe/London', 'UTC'];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.constantFrom(...zones),
        fc.boolean(),
        (at, tz, asText) => {
          const value = asText ? at.toISOString() : at;
          expect(formatLongDate(value, tz)).toBe(dayjs(at).tz(tz).format('D MMMM YYYY'));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
