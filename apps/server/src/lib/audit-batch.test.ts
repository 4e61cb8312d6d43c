import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { DbOrTx } from '../db/client';
import { insertOrder } from '../db/factories';
import { auditLog } from '../db/schema';
import { AuditBatch } from './audit-batch';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.database.reset());
afterAll(() => t.close());

const viewed = (orderId: number, ip = '10.0.0.1') => ({
  actorId: 1,
  actorName: 'Tia Worker',
  action: 'order-viewed',
  target: String(orderId),
  ip,
});
const rowsOf = () =>
  t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order-viewed')).orderBy(auditLog.id);
const errorLog = () => {
  const lines: Array<{ detail: object; message: string }> = [];
  return { lines, error: (detail: object, message: string) => lines.push({ detail, message }) };
};
/** A database handle whose writes fail while `state.isDown`. */
const flakyDb = (state: { isDown: boolean; attempts: number }) =>
  new Proxy(t.database.db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver);
      return async (query: unknown) => {
        state.attempts++;
        if (state.isDown) throw new Error('connection refused');
        return target.execute(query as Parameters<typeof target.execute>[0]);
      };
    },
  }) as DbOrTx;

describe('AuditBatch', () => {
  it('writes a batch when it is full or shortly after the first row, in the order added, with its time', async () => {
    const order = await insertOrder(t.database.db);
    const batch = new AuditBatch(t.database.db, errorLog(), { batchRows: 3, delayMs: 20 });
    const before = Date.now();
    for (let i = 0; i < 3; i++) batch.add(viewed(order.orderId, `10.0.0.${i}`));
    batch.add(viewed(order.orderId, '10.0.0.3'));
    await batch.flush();
    const rows = await rowsOf();
    expect(rows.map((r) => r.ip)).toEqual(['10.0.0.0', '10.0.0.1', '10.0.0.2', '10.0.0.3']);
    expect(rows[0]).toMatchObject({
      actorId: 1,
      actorName: 'Tia Worker',
      target: String(order.orderId),
      outcome: 'ok',
    });
    expect(Date.parse(rows[0]?.at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    // Without a flush: written by the timer.
    batch.add(viewed(order.orderId));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await rowsOf()).toHaveLength(5);
    expect(batch.size).toBe(0);
  });

  it('keeps the rows of a failed write and writes them once the database is back', async () => {
    const order = await insertOrder(t.database.db);
    const state = { isDown: true, attempts: 0 };
    const log = errorLog();
    const batch = new AuditBatch(flakyDb(state), log, { batchRows: 2, delayMs: 5, retryMs: 20 });
    for (let i = 0; i < 5; i++) batch.add(viewed(order.orderId));
    await batch.flush();
    expect(batch.size).toBe(5);
    expect(log.lines[0]?.message).toBe('audit rows not written yet');
    state.isDown = false;
    const deadline = Date.now() + 3000;
    while (batch.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await rowsOf()).toHaveLength(5);
  });

  it('drops the oldest rows past its bound, and says so', async () => {
    const order = await insertOrder(t.database.db);
    const state = { isDown: true, attempts: 0 };
    const log = errorLog();
    const batch = new AuditBatch(flakyDb(state), log, { batchRows: 2, delayMs: 5, retryMs: 60_000, maxWaiting: 3 });
    for (let i = 0; i < 5; i++) batch.add(viewed(order.orderId, `10.0.0.${i}`));
    await batch.flush();
    expect(batch.size).toBe(3);
    expect(log.lines.some((l) => l.message === 'audit rows dropped: too many waiting')).toBe(true);
    state.isDown = false;
    await batch.flush();
    expect((await rowsOf()).map((r) => r.ip)).toEqual(['10.0.0.2', '10.0.0.3', '10.0.0.4']);
    expect(log.lines.at(-1)).toMatchObject({ detail: { dropped: 2 } });
  });

  it('writes a view of an order erased meanwhile without its address', async () => {
    const order = await insertOrder(t.database.db);
    const kept = await insertOrder(t.database.db);
    const batch = new AuditBatch(t.database.db, errorLog(), { delayMs: 60_000 });
    batch.add(viewed(order.orderId));
    batch.add({ ...viewed(order.orderId), target: `order:${order.orderId}`, detail: { to: 'a@example.org' } });
    batch.add(viewed(kept.orderId));
    await t.database.db.execute(sql`update orders set erased_at = now() where order_id = ${order.orderId}`);
    await batch.flush();
    const rows = await rowsOf();
    expect(rows.map((r) => [r.target, r.ip, r.detail])).toEqual([
      [String(order.orderId), null, null],
      [`order:${order.orderId}`, null, null],
      [String(kept.orderId), '10.0.0.1', null],
    ]);
  });

  it('writes what is waiting when the app closes', async () => {
    const other = await createTestApp({}, { database: t.database });
    const member = await other.signInAs('Team');
    const order = await insertOrder(t.database.db);
    const viewedAnswer = await other.call({
      method: 'GET',
      url: `/api/admin/get-orders-details/${order.orderId}`,
      token: member.token,
    });
    expect(viewedAnswer.statusCode).toBe(200);
    await other.close();
    expect((await rowsOf()).map((r) => r.target)).toEqual([String(order.orderId)]);
  });
});
