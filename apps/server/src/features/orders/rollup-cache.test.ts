import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { insertOrder } from '../../db/factories';
import type { RollupGroup } from './get-folder-counts';
import { RollupCache } from './rollup-cache';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FOLDER_COUNTS_MAX_AGE_MS: '60000' });
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());
afterEach(() => vi.useRealTimers());

const counts = async (token: string) =>
  (await t.call({ method: 'GET', url: '/api/admin/get-folder-count', token })).json<{ data: Record<string, number> }>()
    .data;

describe('folder counts served from the rollup cache', () => {
  it('reflect a change made through the API at once, in the counts and in the list totals', async () => {
    const me = await t.signInAs('Team');
    const order = await insertOrder(t.database.db, { processStatus: 'New', processingMode: 'Standard' });
    expect((await counts(me.token)).newOrdersCount).toBe(1);

    const changed = await t.call({
      method: 'PUT',
      url: '/api/admin/change-order-status',
      token: me.token,
      payload: { orderId: [order.orderId], updatingStatus: 'Awaiting' },
    });
    expect(changed.json()).toMatchObject({ status: 1 });

    expect(await counts(me.token)).toMatchObject({ newOrdersCount: 0, awaitingOrdersCount: 1 });
    const list = await t.call({
      method: 'GET',
      url: '/api/admin/get-orders-list/awaitingOrder?page=1',
      token: me.token,
    });
    expect(list.json()).toMatchObject({ status: 1, total: 1 });
  });

  it('see a write that announced nothing once another change is heard of', async () => {
    // The previous test's change is announced 100 ms after it (EventHub coalesces bursts): heard
    // in the middle of this test, it would end the cache this test means to see kept.
    await t.app.ctx.events.settled();
    const me = await t.signInAs('Team');
    expect((await counts(me.token)).newOrdersCount).toBe(0);
    // Written behind the application's back (a script): served from the cache until a change.
    await insertOrder(t.database.db, { processStatus: 'New', processingMode: 'Standard' });
    expect((await counts(me.token)).newOrdersCount).toBe(0);
    t.app.ctx.events.ordersChanged();
    expect((await counts(me.token)).newOrdersCount).toBe(1);
  });
});

describe('RollupCache', () => {
  const today = '2026-11-22';
  const events = { generation: 0 };

  it('shares one load until a change, and does not keep a load that started before one', async () => {
    const cache = new RollupCache(events, 60_000);
    const first = cache.groups(t.database.db, today);
    expect(cache.groups(t.database.db, today)).toBe(first);

    events.generation++;
    const afterChange = cache.groups(t.database.db, today);
    expect(afterChange).not.toBe(first);
    expect(cache.groups(t.database.db, today)).toBe(afterChange);
    await Promise.all([first, afterChange]);

    // A change while a load is in flight: the load's answer may predate it.
    const inFlight = cache.groups(t.database.db, today);
    events.generation++;
    const next = cache.groups(t.database.db, today);
    expect(next).not.toBe(inFlight);
    await Promise.all([inFlight, next]);
  });

  it('loads again after its maximum age and on a new business day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = new RollupCache(events, 2_000);
    const first = cache.groups(t.database.db, today);
    vi.advanceTimersByTime(1_999);
    expect(cache.groups(t.database.db, today)).toBe(first);
    vi.advanceTimersByTime(1);
    const aged = cache.groups(t.database.db, today);
    expect(aged).not.toBe(first);
    const nextDay = cache.groups(t.database.db, '2026-11-23');
    expect(nextDay).not.toBe(aged);
    await Promise.all([first, aged, nextDay]);
  });

  it('loads again for a read naming a change after its entry began, once for all such reads', async () => {
    const cache = new RollupCache(events, 60_000);
    const total = (groups: RollupGroup[]) => groups.reduce((sum, group) => sum + group.count, 0);
    expect(total(await cache.groups(t.database.db, today))).toBe(0);
    // A change this process has not heard of (made on another instance), and when it was told.
    await insertOrder(t.database.db, { processStatus: 'New', processingMode: 'Standard' });
    const [change] = await queryRows<{ at: number }>(
      t.database.db,
      sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as at`,
    );
    const at = Number(change?.at);
    expect(total(await cache.groups(t.database.db, today))).toBe(0);

    const first = cache.groups(t.database.db, today, at);
    const second = cache.groups(t.database.db, today, at);
    expect(total(await first)).toBe(1);
    expect(await second).toBe(await first);
    expect(await cache.groups(t.database.db, today)).toBe(await first);
    // A time from the future costs one load, not a loop.
    expect(total(await cache.groups(t.database.db, today, at + 3_600_000))).toBe(1);
  });

  it('keeps nothing when its maximum age is 0', async () => {
    const cache = new RollupCache(events, 0);
    const first = cache.groups(t.database.db, today);
    const second = cache.groups(t.database.db, today);
    expect(second).not.toBe(first);
    await Promise.all([first, second]);
  });
});
