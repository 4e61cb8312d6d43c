import { encodeId, type Role } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { auditLog, paymentGateways } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ids: Record<string, number>;
beforeEach(async () => {
  await t.database.reset();
  const rows = await t.database.db
    .insert(paymentGateways)
    .values([
      { gatewayName: 'Stripe', isActive: true },
      { gatewayName: 'PayPal', isActive: false },
      { gatewayName: 'Square', isActive: false },
    ])
    .returning();
  ids = Object.fromEntries(rows.map((r) => [r.gatewayName, r.id]));
});

const activeNames = async () =>
  (await t.database.db.select().from(paymentGateways).where(eq(paymentGateways.isActive, true))).map(
    (r) => r.gatewayName,
  );

const choose = (token: string | undefined, gatewayId: unknown) =>
  t.call({ method: 'POST', url: '/api/admin/payment-gateway-setting', payload: { gatewayId }, token });

describe('permissions', () => {
  it.each(['Admin', 'Manager'] as Role[])('%s may list and switch gateways', async (role) => {
    const { token } = await t.signInAs(role);
    expect((await t.call({ method: 'GET', url: '/api/admin/payment-gateways', token })).statusCode).toBe(200);
    expect((await choose(token, encodeId(ids.PayPal as number))).statusCode).toBe(200);
  });

  it.each(['Team', 'Telecaller', 'Night Staff'] as Role[])('%s is refused with 403', async (role) => {
    const { token } = await t.signInAs(role);
    const list = await t.call({ method: 'GET', url: '/api/admin/payment-gateways', token });
    expect(list.statusCode).toBe(403);
    expect(list.json().status).toBe(0);
    expect((await choose(token, encodeId(ids.PayPal as number))).statusCode).toBe(403);
    expect(await activeNames()).toEqual(['Stripe']);
  });

  it('anonymous callers get 401', async () => {
    expect((await t.call({ method: 'GET', url: '/api/admin/payment-gateways' })).json().status).toBe(401);
    expect((await choose(undefined, encodeId(ids.PayPal as number))).statusCode).toBe(401);
  });
});

describe('GET /api/admin/payment-gateways', () => {
  it('lists gateways with obfuscated ids and the active flag as a string', async () => {
    const { token } = await t.signInAs('Manager');
    const body = (await t.call({ method: 'GET', url: '/api/admin/payment-gateways', token })).json();
    expect(body.status).toBe(1);
    expect(body.data).toEqual([
      { id: ids.Stripe, gateway_name: 'Stripe', is_active: '1' },
      { id: ids.PayPal, gateway_name: 'PayPal', is_active: '0' },
      { id: ids.Square, gateway_name: 'Square', is_active: '0' },
    ]);
    expect(body.data[1].id).toBe(ids.PayPal);
  });
});

describe('POST /api/admin/payment-gateway-setting', () => {
  it('leaves exactly the chosen gateway active and audits the change', async () => {
    const actor = await t.signInAs('Admin');
    const response = await choose(actor.token, encodeId(ids.Square as number));
    expect(response.json()).toEqual({ status: 1, message: 'Payment gateway updated successfully.', data: null });
    expect(await activeNames()).toEqual(['Square']);
    expect((await choose(actor.token, encodeId(ids.Square as number))).json().status).toBe(1);
    expect(await activeNames()).toEqual(['Square']);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'gateway-changed'));
    expect(audit).toMatchObject({ actorId: actor.id, detail: { gateway: 'Square' } });
  });

  it('keeps one active gateway when switches race', async () => {
    const { token } = await t.signInAs('Admin');
    await Promise.all([
      choose(token, encodeId(ids.PayPal as number)),
      choose(token, encodeId(ids.Square as number)),
      choose(token, encodeId(ids.Stripe as number)),
    ]);
    expect(await activeNames()).toHaveLength(1);
  });

  it.each([
    ['no id', undefined],
    ['an empty id', ''],
    ['a plain number', String(1)],
    ['garbage', '%%%'],
    ['an unknown gateway', encodeId(999)],
    ['an id past the integer range', encodeId(4_000_000_000)],
  ])('answers "Please select gateway." for %s', async (_label, gatewayId) => {
    const { token } = await t.signInAs('Admin');
    const response = await choose(token, gatewayId);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, message: 'Please select gateway.', code: 'VALIDATION_FAILED' });
    expect(await activeNames()).toEqual(['Stripe']);
  });
});
