import type { Role } from '@nzeta/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  // Whole days are read in UTC here, so the date filters are easy to reason about.
  t = await createTestApp({ BUSINESS_TZ: 'UTC' });
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const list = (token: string | undefined, query = '') =>
  t.call({ method: 'GET', url: `/api/admin/audit${query}`, token });

async function seedEntries() {
  await t.database.db.insert(auditLog).values([
    { at: '2026-03-01T10:00:00Z', actorName: 'Aroha King', action: 'sign-in', outcome: 'ok' },
    { at: '2026-03-02T10:00:00Z', actorName: 'Aroha King', action: 'team-member-added', target: 'staff:7' },
    { at: '2026-03-03T23:30:00Z', actorName: 'Tama Reid', action: 'sign-in', outcome: 'failed' },
    { at: '2026-03-04T00:30:00Z', actorName: 'Tama Reid', action: 'gateway-changed' },
    { at: '2026-03-05T10:00:00Z', actorName: '50%_off', action: 'sign-in' },
  ]);
}

describe('GET /api/admin/audit', () => {
  it('is for Admins only', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    for (const role of ['Manager', 'Team', 'Telecaller', 'Night Staff'] as Role[]) {
      const { token } = await t.signInAs(role);
      const response = await list(token);
      expect(response.statusCode, role).toBe(403);
      expect(response.json().status).toBe(0);
    }
  });

  it('answers entries newest first with the total', async () => {
    const { token } = await t.signInAs('Admin');
    await seedEntries();
    const body = (await list(token)).json();
    expect(body.status).toBe(1);
    expect(body.total).toBe(5);
    expect(body.data.map((r: { action: string }) => r.action)).toEqual([
      'sign-in',
      'gateway-changed',
      'sign-in',
      'team-member-added',
      'sign-in',
    ]);
  });

  it('filters by action, actor and whole days, and pages', async () => {
    const { token } = await t.signInAs('Admin');
    await seedEntries();
    const names = async (query: string) => {
      const body = (await list(token, query)).json();
      return {
        total: body.total,
        rows: body.data.map((r: { actorName: string; action: string }) => `${r.actorName}/${r.action}`),
      };
    };
    expect(await names('?action=sign-in')).toMatchObject({ total: 3 });
    expect(await names('?actor=tama')).toEqual({ total: 2, rows: ['Tama Reid/gateway-changed', 'Tama Reid/sign-in'] });
    expect(await names('?actor=50%25_')).toEqual({ total: 1, rows: ['50%_off/sign-in'] });
    expect(await names('?from=2026-03-02&to=2026-03-03')).toEqual({
      total: 2,
      rows: ['Tama Reid/sign-in', 'Aroha King/team-member-added'],
    });
    expect(await names('?from=&to=')).toMatchObject({ total: 5 });
    const page2 = await names('?perPage=2&page=2');
    expect(page2).toEqual({ total: 5, rows: ['Tama Reid/sign-in', 'Aroha King/team-member-added'] });
  });

  it('refuses a malformed date', async () => {
    const { token } = await t.signInAs('Admin');
    const response = await list(token, '?from=03/02/2026');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 0,
      message: 'Please enter a date as YYYY-MM-DD.',
      code: 'VALIDATION_FAILED',
    });
  });
});
