import { DELIVERED_STATUSES } from '@nzeta/domain';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSeededOrders } from '../../src/db/check-seeded-orders';
import { orderActivity, orders } from '../../src/db/schema';
import { seedDemoData } from '../../src/db/seed';
import { getProcessedByCount } from '../../src/features/reports/get-processed-by-count';
import { createTestApp, type TestApp } from '../test-app';

/** SEED_CHECK_ORDERS=100000 runs the same check over a large seed (about 2 ms per order). */
const ORDERS = Number(process.env.SEED_CHECK_ORDERS ?? 300);
const TIMEOUT = Math.max(60_000, ORDERS * 5);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  await seedDemoData(t.database.db, { orders: ORDERS, seed: 12 });
  if (ORDERS > 300) console.log(`seeded ${ORDERS} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}, TIMEOUT);
afterAll(() => t.close());

describe('demo data, made through the lifecycle', () => {
  it('every seeded order satisfies the rules', { timeout: TIMEOUT }, async () => {
    const started = performance.now();
    const check = await checkSeededOrders(t.database.db);
    if (ORDERS > 300) {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`checked ${check.orders} orders in ${seconds} s: ${check.problems.length} problems`);
    }
    expect(check.orders).toBe(ORDERS);
    expect(check.problems).toEqual([]);
  });

  it('the Order Processed report equals a recount from the histories', { timeout: TIMEOUT }, async () => {
    const db = t.database.db;
    const all = await db.select().from(orders);
    const activity = await db.select().from(orderActivity).orderBy(asc(orderActivity.id));
    const holder = new Map<number, string | null>();
    for (const entry of activity) {
      if (entry.detail?.credit === 'given') holder.set(entry.orderId, String(entry.detail.processedBy));
      if (entry.detail?.credit === 'withdrawn') holder.set(entry.orderId, null);
    }
    const recount = new Map<string, number>();
    for (const order of all) {
      const name = holder.get(order.orderId);
      if (name && (DELIVERED_STATUSES as readonly string[]).includes(order.processStatus)) {
        recount.set(name, (recount.get(name) ?? 0) + 1);
      }
    }
    const report = await getProcessedByCount(db, {}, 'UTC');
    expect(new Map(report.map((r) => [r.processed_by, r.count]))).toEqual(recount);
    expect(report.length).toBeGreaterThan(0);
  });
});
