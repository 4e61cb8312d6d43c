import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertOrder } from '../../src/db/factories';
import { auditLog, settings } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './support';

/** A customer's tracking is not locked by someone else's guesses, and staff can lift a lock (finding 10). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRACK_IP_LIMIT: '1000' });
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const track = (orderId: number, email: string, remoteAddress: string) =>
  t.call({
    method: 'POST',
    url: '/api/front/track-order',
    payload: { orderId: String(orderId), email },
    remoteAddress,
  });

describe('wrong e-mails for an order', () => {
  it('from one address do not lock the customer out at their own address', async () => {
    const order = await insertOrder(t.database.db, { email: 'aroha@example.com' });
    for (let i = 0; i < 12; i++) await track(order.orderId, `guess${i}@example.com`, '198.51.100.7');
    expect((await track(order.orderId, 'aroha@example.com', '198.51.100.7')).statusCode).toBe(429);
    expect((await track(order.orderId, 'aroha@example.com', '203.0.113.5')).statusCode).toBe(200);
  });

  it('lock the order past the higher threshold; the answer names the support contact; staff see and clear it', async () => {
    await t.database.db
      .insert(settings)
      .values({ key: 'support', value: { email: 'help@nzeta.example', phone: '+64 9 555 0100' } });
    const order = await insertOrder(t.database.db, { email: 'tane@example.com' });
    for (let i = 0; i < 50; i++) await track(order.orderId, `g${i}@example.com`, `192.0.2.${i + 1}`);
    const locked = await track(order.orderId, 'tane@example.com', '203.0.113.9');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/contact our support team at help@nzeta\.example or \+64 9 555 0100/);

    const staff = await t.signInAs('Telecaller');
    const url = `/api/admin/track-lock/${order.orderId}`;
    const seen = await t.call({ method: 'GET', url, token: staff.token });
    expect(seen.json().data).toEqual({ failures: 51, locked: true, until: expect.any(String) });
    expect((await t.call({ method: 'DELETE', url, token: staff.token })).statusCode).toBe(200);
    expect((await track(order.orderId, 'tane@example.com', '203.0.113.9')).statusCode).toBe(200);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'track-lock-cleared'));
    expect(audit).toEqual([expect.objectContaining({ actorId: staff.id, target: `order:${order.orderId}` })]);
    report('visitor tracking: 10 wrong e-mails per (address, order); order-wide lock past 50, cleared by staff');
  });
});
