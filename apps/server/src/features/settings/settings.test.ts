import type { Role } from '@nzeta/domain';
import { DEFAULT_SLA_HOURS } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog, settings } from '../../db/schema';
import { DEFAULT_COMPANY_SETTINGS, getCompanySettings } from '../mail/company-settings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const valid = () => ({
  company: {
    name: 'Kea Travel Services Ltd',
    addressLines: ['Level 2, 5 Queen Street', '', 'Wellington 6011', 'New Zealand'],
    phone: '+64 4 555 0199',
    email: 'accounts@kea.example.com',
    website: 'https://kea.example.com',
  },
  support: { phone: '+64 4 555 0100', email: 'help@kea.example.com' },
  productTitle: 'NZeTA Applications',
  requireMfa: true,
});

const save = (token: string | undefined, payload: unknown) =>
  t.call({ method: 'PUT', url: '/api/admin/settings', payload: payload as object, token });

describe('permissions', () => {
  it('an Admin may read and save settings', async () => {
    const { token } = await t.signInAs('Admin');
    expect((await t.call({ method: 'GET', url: '/api/admin/settings', token })).statusCode).toBe(200);
    expect((await save(token, valid())).statusCode).toBe(200);
  });

  it.each(['Manager', 'Team', 'Telecaller', 'Night Staff'] as Role[])('%s is refused with 403', async (role) => {
    const { token } = await t.signInAs(role);
    expect((await t.call({ method: 'GET', url: '/api/admin/settings', token })).statusCode).toBe(403);
    const response = await save(token, valid());
    expect(response.statusCode).toBe(403);
    expect(response.json().status).toBe(0);
    expect(await t.database.db.select().from(settings)).toEqual([]);
  });

  it('anonymous callers get 401', async () => {
    expect((await t.call({ method: 'GET', url: '/api/admin/settings' })).json().status).toBe(401);
    expect((await save(undefined, valid())).statusCode).toBe(401);
  });
});

describe('GET /api/admin/settings', () => {
  it('answers the shipped defaults on an empty database', async () => {
    const { token } = await t.signInAs('Admin');
    const body = (await t.call({ method: 'GET', url: '/api/admin/settings', token })).json();
    expect(body).toMatchObject({ status: 1, data: { ...DEFAULT_COMPANY_SETTINGS, requireMfa: false } });
  });
});

describe('PUT /api/admin/settings', () => {
  it('stores every key; letters, e-mails and the sign-in title read them', async () => {
    const actor = await t.signInAs('Admin');
    const response = await save(actor.token, valid());
    const expected = {
      ...valid(),
      autoMailFallback: false,
      company: { ...valid().company, addressLines: ['Level 2, 5 Queen Street', 'Wellington 6011', 'New Zealand'] },
    };
    // The answer also carries the service-level targets (unchanged, so the defaults).
    expect(response.json()).toEqual({
      status: 1,
      message: 'Settings saved successfully.',
      data: { ...expected, sla: DEFAULT_SLA_HOURS },
    });
    const { requireMfa: _, autoMailFallback: __, ...company } = expected;
    expect(await getCompanySettings(t.database.db)).toEqual(company);
    const appConfig = (await t.call({ method: 'GET', url: '/api/app-config' })).json();
    expect(appConfig.data.productTitle).toBe('NZeTA Applications');
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings-changed'));
    expect(audit).toMatchObject({ actorId: actor.id });
  });

  it('replaces earlier values', async () => {
    const { token } = await t.signInAs('Admin');
    // Two-step verification stays off here: once required, this unenrolled Admin may only enrol.
    expect((await save(token, { ...valid(), requireMfa: false })).statusCode).toBe(200);
    expect((await save(token, { ...valid(), productTitle: 'Second title', requireMfa: false })).statusCode).toBe(200);
    const body = (await t.call({ method: 'GET', url: '/api/admin/settings', token })).json();
    expect(body.data).toMatchObject({ productTitle: 'Second title', requireMfa: false });
    expect(await t.database.db.select().from(settings)).toHaveLength(5);
  });

  it.each([
    [
      'no company name',
      (v: ReturnType<typeof valid>) => ({ ...v, company: { ...v.company, name: ' ' } }),
      'Please enter the company name.',
    ],
    [
      'no address line',
      (v: ReturnType<typeof valid>) => ({ ...v, company: { ...v.company, addressLines: ['', ' '] } }),
      'Please enter the company address.',
    ],
    [
      'a bad company email',
      (v: ReturnType<typeof valid>) => ({ ...v, company: { ...v.company, email: 'nope' } }),
      'Please enter a valid company email.',
    ],
    [
      'a non-http website',
      (v: ReturnType<typeof valid>) => ({ ...v, company: { ...v.company, website: 'javascript:alert(1)' } }),
      'Please enter a valid website address.',
    ],
    [
      'a bad support email',
      (v: ReturnType<typeof valid>) => ({ ...v, support: { ...v.support, email: '' } }),
      'Please enter a valid support email.',
    ],
    [
      'a line break in the title',
      (v: ReturnType<typeof valid>) => ({ ...v, productTitle: 'A\r\nBcc: x@example.com' }),
      'Line breaks are not allowed.',
    ],
    [
      'no product title',
      (v: ReturnType<typeof valid>) => ({ ...v, productTitle: '' }),
      'Please enter the product title.',
    ],
    [
      'no MFA choice',
      (v: ReturnType<typeof valid>) => ({ ...v, requireMfa: 'yes' }),
      'Please choose whether two-step verification is required.',
    ],
  ])('refuses %s', async (_label, change, message) => {
    const { token } = await t.signInAs('Admin');
    const response = await save(token, change(valid()));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, message, code: 'VALIDATION_FAILED' });
    expect(await t.database.db.select().from(settings)).toEqual([]);
  });
});
