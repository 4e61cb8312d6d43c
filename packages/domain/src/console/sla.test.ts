import { describe, expect, it } from 'vitest';
import { ageOf, DEFAULT_SLA_HOURS, slaClock, slaHoursFor } from './sla';

describe('service-level clocks', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');

  it('gives Priority and Standard their own targets and Future none', () => {
    expect(slaHoursFor('Priority', DEFAULT_SLA_HOURS)).toBe(24);
    expect(slaHoursFor('Standard', DEFAULT_SLA_HOURS)).toBe(72);
    expect(slaHoursFor('Future', DEFAULT_SLA_HOURS)).toBeNull();
  });

  it('reads time left, soon and breached', () => {
    expect(slaClock('2026-01-11T14:30:00Z', now)).toMatchObject({ state: 'ok', label: '26h 30m left' });
    expect(slaClock('2026-01-10T13:00:00Z', now)).toMatchObject({ state: 'soon', label: '1h left' });
    expect(slaClock('2026-01-07T10:00:00Z', now)).toMatchObject({ state: 'breached', label: '3d 2h over' });
    expect(slaClock(null, now)).toBeNull();
  });

  it('says how old an order is', () => {
    expect(ageOf('2026-01-10T11:15:00Z', now)).toBe('45m');
    expect(ageOf(null, now)).toBe('-');
  });
});
