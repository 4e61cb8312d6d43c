import { dialCodeFor, intakeApplicationInput } from '@nzeta/domain';
import { describe, expect, it } from 'vitest';
import { buildApplication, buildMailMessage, createRng, demoCountries, toIntakeBody } from './factories';

const now = new Date('2025-06-15T12:00:00Z');
const many = (count: number, seed = 7) => {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => buildApplication({}, rng, now));
};

describe('buildApplication', () => {
  it('replays the same data for the same seed', () => {
    expect(many(50, 42)).toEqual(many(50, 42));
    expect(many(5, 42)).not.toEqual(many(5, 43));
  });

  it('uses only country names that have a dial code', () => {
    expect(demoCountries().length).toBeGreaterThan(200);
    for (const { order } of many(2_000)) {
      expect(dialCodeFor(order.countryCode), order.countryCode ?? '').toBeDefined();
      expect(dialCodeFor(order.nationality)).toBeDefined();
    }
  });

  it('spreads nationalities and keeps e-mails unique', () => {
    const apps = many(2_000);
    expect(new Set(apps.map((a) => a.order.nationality)).size).toBeGreaterThan(50);
    expect(new Set(apps.map((a) => a.order.email)).size).toBe(apps.length);
    for (const { order } of apps) expect(order.confirmEmail).toBe(order.email);
  });

  it('lists other names exactly when different_name is yes', () => {
    const apps = many(1_000);
    const withNames = apps.filter((a) => a.order.differentName === 'yes');
    expect(withNames.length).toBeGreaterThan(0);
    for (const { order, otherNames } of apps) {
      if (order.differentName === 'yes') expect(otherNames.length).toBeGreaterThanOrEqual(1);
      else expect(otherNames).toEqual([]);
      expect(otherNames.length).toBeLessThanOrEqual(2);
    }
  });

  it('answers the follow-up questions only after an offence', () => {
    const apps = many(2_000);
    expect(apps.some((a) => a.order.anyOffence === 'yes')).toBe(true);
    for (const { order } of apps) {
      if (order.anyOffence === 'yes') expect(order.moreImprisonment).toMatch(/^(yes|no)$/);
      else expect(order.moreImprisonment).toBeNull();
    }
  });

  it('gives Future orders a processing date in the next 12 months and its month', () => {
    const future = many(500).filter((a) => a.order.processingMode === 'Future');
    expect(future.length).toBeGreaterThan(0);
    for (const { order } of future) {
      expect(order.processingDate! > '2025-06-16').toBe(true);
      expect(order.processingDate! <= '2026-06-16').toBe(true);
      const month = new Date(`${order.processingDate}T00:00:00Z`).toLocaleString('en-US', {
        month: 'short',
        timeZone: 'UTC',
      });
      expect(order.processMonth).toBe(month);
    }
    for (const { order } of many(200).filter((a) => a.order.processingMode !== 'Future')) {
      expect(order.processingDate).toBeNull();
      expect(order.processMonth).toBeNull();
    }
  });

  it('applies overrides and derives the dependent fields from them', () => {
    const { order, otherNames } = buildApplication(
      { firstName: 'Ana', lastName: 'Tovi', processingMode: 'Future', processingDate: '2025-12-03', otherNames: [] },
      createRng(1),
      now,
    );
    expect(order).toMatchObject({ fullName: 'Ana Tovi', processMonth: 'Dec', differentName: 'no' });
    expect(otherNames).toEqual([]);
  });

  it('builds applications the intake accepts', () => {
    const rng = createRng(3);
    for (let i = 0; i < 300; i++) {
      const result = intakeApplicationInput.safeParse(toIntakeBody(buildApplication({}, rng, now), `ref-${i}`));
      expect(result.error?.issues ?? []).toEqual([]);
    }
  });
});

describe('buildMailMessage', () => {
  it('is a sent message with a unique idempotency key', () => {
    const rng = createRng(9);
    const mails = Array.from({ length: 100 }, () => buildMailMessage({ orderId: 100001 }, rng));
    expect(new Set(mails.map((m) => m.idempotencyKey)).size).toBe(100);
    for (const mail of mails) {
      expect(mail.state).toBe('sent');
      expect(['AWS', 'Sendgrid']).toContain(mail.provider);
    }
  });
});
