import { encodeId } from '@nzeta/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertOrder } from '../../db/factories';
import { auditLog } from '../../db/schema';
import { ORDER_FOUND, ORDER_NOT_FOUND } from './track-order';
import { verifyVisitorToken } from './visitor-token';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRACK_ORDER_LIMIT: '3', TRACK_IP_LIMIT: '5', TRACK_ORDER_LOCK_AFTER: '4' });
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const track = (payload: unknown, remoteAddress = '203.0.113.10') =>
  t.call({ method: 'POST', url: '/api/front/track-order', payload: payload as object, remoteAddress });

describe('POST /api/front/track-order', () => {
  it('answers a token scoped to the order when the e-mail matches, whatever its case', async () => {
    const order = await insertOrder(t.database.db, { email: 'Ava.Tester@Example.com' });
    const response = await track({ orderId: String(order.orderId), email: '  ava.tester@EXAMPLE.com ' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 1, message: ORDER_FOUND, data: { orderId: order.orderId } });
    expect(await verifyVisitorToken(body.data.token, t.config.jwtSecret)).toBe(order.orderId);
  });

  it('ignores blanks around a stored address, as one imported with a tab or a line break', async () => {
    const order = await insertOrder(t.database.db, { email: ' Imported@Example.com\t\r\n' });
    const response = await track({ orderId: String(order.orderId), email: 'imported@example.com' });
    expect(response.json()).toMatchObject({ status: 1, data: { orderId: order.orderId } });
  });

  it('reads an order id sent as a JSON number as its digits', async () => {
    const order = await insertOrder(t.database.db, { email: 'number@example.com' });
    const response = await track({ orderId: order.orderId, email: 'number@example.com' });
    expect(response.json()).toMatchObject({ status: 1, data: { orderId: order.orderId } });
  });

  it('accepts the encoded order id of the order links', async () => {
    const order = await insertOrder(t.database.db, { email: 'enc@example.com' });
    const response = await track({ orderId: encodeId(order.orderId), email: 'enc@example.com' });
    expect(response.json()).toMatchObject({ status: 1, data: { orderId: order.orderId } });
  });

  it('answers an unknown id, a wrong e-mail, an erased and a deleted order alike', async () => {
    const order = await insertOrder(t.database.db, { email: 'real@example.com' });
    const erased = await insertOrder(t.database.db, { email: 'gone@example.com', erasedAt: new Date().toISOString() });
    const deleted = await insertOrder(t.database.db, { email: 'del@example.com', processStatus: 'Deleted' });
    const answers = [
      await track({ orderId: String(order.orderId + 1000), email: 'real@example.com' }, '203.0.113.1'),
      await track({ orderId: String(order.orderId), email: 'other@example.com' }, '203.0.113.2'),
      await track({ orderId: String(erased.orderId), email: 'gone@example.com' }, '203.0.113.3'),
      await track({ orderId: String(deleted.orderId), email: 'del@example.com' }, '203.0.113.4'),
      await track({ orderId: 'not-an-order', email: 'real@example.com' }, '203.0.113.5'),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: 0, message: ORDER_NOT_FOUND, code: 'ORDER_NOT_FOUND' });
    }
    const failures = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'visitor-track'), eq(auditLog.outcome, 'failed')));
    expect(failures).toHaveLength(5);
  });

  it('locks an order id for one address after its wrong guesses, for all past the higher threshold', async () => {
    const order = await insertOrder(t.database.db, { email: 'locked@example.com' });
    for (let i = 0; i < 3; i++) {
      const guess = await track({ orderId: String(order.orderId), email: `guess${i}@example.com` }, '198.51.100.1');
      expect(guess.statusCode).toBe(404);
    }
    const sameAddress = await track({ orderId: String(order.orderId), email: 'locked@example.com' }, '198.51.100.1');
    expect(sameAddress.statusCode).toBe(429);
    const customer = await track({ orderId: String(order.orderId), email: 'locked@example.com' }, '198.51.100.2');
    expect(customer.statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      await track({ orderId: String(order.orderId), email: `more${i}@example.com` }, `198.51.100.${10 + i}`);
    }
    const blocked = await track({ orderId: String(order.orderId), email: 'locked@example.com' }, '198.51.100.99');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({
      status: 0,
      message: expect.stringMatching(/Too many attempts/),
      code: 'RATE_LIMITED',
    });
  });

  it('forgets earlier wrong guesses once the right e-mail is given', async () => {
    const order = await insertOrder(t.database.db, { email: 'reset@example.com' });
    const ref = String(order.orderId);
    await track({ orderId: ref, email: 'a@example.com' }, '198.51.100.1');
    await track({ orderId: ref, email: 'b@example.com' }, '198.51.100.2');
    expect((await track({ orderId: ref, email: 'reset@example.com' }, '198.51.100.3')).statusCode).toBe(200);
    await track({ orderId: ref, email: 'c@example.com' }, '198.51.100.4');
    expect((await track({ orderId: ref, email: 'reset@example.com' }, '198.51.100.5')).statusCode).toBe(200);
  });

  it('limits the attempts of one address, across orders', async () => {
    const order = await insertOrder(t.database.db, { email: 'ip@example.com' });
    for (let i = 1; i <= 5; i++) {
      const response = await track({ orderId: String(order.orderId + i), email: 'ip@example.com' }, '192.0.2.7');
      expect(response.statusCode).toBe(404);
    }
    const blocked = await track({ orderId: String(order.orderId), email: 'ip@example.com' }, '192.0.2.7');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    // another address is not affected
    const other = await track({ orderId: String(order.orderId), email: 'ip@example.com' }, '192.0.2.8');
    expect(other.statusCode).toBe(200);
  });

  it('answers visitors arriving together each for their own order, counting all their guesses', async () => {
    const mine = await Promise.all(
      ['a', 'b', 'c', 'd'].map((name) => insertOrder(t.database.db, { email: `${name}@example.com` })),
    );
    // Sent at once, so they reach the database in one batch (track-order-lookup.ts).
    const answers = await Promise.all([
      ...mine.map((order, i) =>
        track({ orderId: String(order.orderId), email: `${'abcd'[i]}@example.com` }, `192.0.2.${20 + i}`),
      ),
      ...Array.from({ length: 8 }, (_, i) =>
        track({ orderId: String((mine[0]?.orderId ?? 0) + 100 + i), email: 'guess@example.com' }, '192.0.2.99'),
      ),
    ]);
    const found = answers.slice(0, 4).map((response) => response.json().data);
    expect(found.map((data) => data.orderId)).toEqual(mine.map((order) => order.orderId));
    for (const data of found) expect(await verifyVisitorToken(data.token, t.config.jwtSecret)).toBe(data.orderId);
    const guesses = answers.slice(4).map((response) => response.statusCode);
    // TRACK_IP_LIMIT is 5: five wrong guesses are answered, the other three throttled.
    expect(guesses.filter((code) => code === 404)).toHaveLength(5);
    expect(guesses.filter((code) => code === 429)).toHaveLength(3);
  });

  it.each([
    [{}, 'Please enter your orderId'],
    [{ orderId: '', email: 'a@example.com' }, 'Please enter your orderId'],
    [{ orderId: '   ', email: 'a@example.com' }, 'Please enter your orderId'],
    [{ orderId: '100001' }, 'Please enter your email'],
    [{ orderId: '100001', email: '' }, 'Please enter your email'],
    [{ orderId: 1.5, email: 'a@example.com' }, 'Please enter your orderId'],
    [{ orderId: -100001, email: 'a@example.com' }, 'Please enter your orderId'],
    [{ orderId: ['100001'], email: 'a@example.com' }, 'Please enter your orderId'],
    [{ orderId: '100001', email: { $ne: '' } }, 'Please enter your email'],
    [{ orderId: 'x'.repeat(10_000), email: 'a@example.com' }, 'Please enter a valid orderId'],
    [{ orderId: '100001', email: `${'a'.repeat(10_000)}@example.com` }, 'Please enter a valid email'],
    [{ orderId: '100001', email: 'not-an-email' }, 'Please enter a valid email'],
  ])('refuses bad input %# with a clear message', async (payload, message) => {
    const response = await track(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, message, code: 'VALIDATION_FAILED' });
  });

  it('refuses a body that is not JSON', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/front/track-order',
      payload: '{"orderId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().status).toBe(0);
  });
});
