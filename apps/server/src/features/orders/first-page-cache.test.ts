import { businessToday, FOLDER_KEYS, type FolderKey, SORT_KEYS, STATUSES, type Status } from '@nzeta/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countQueries } from '../../../test/count-queries';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { testEngine } from '../../../test/test-database';
import { insertOrder } from '../../db/factories';
import { getSlaHours } from '../settings';
import { findFolderOrders } from './find-folder-orders';
import { databaseClock } from './rollup-cache';

const CACHED = { FOLDER_COUNTS_MAX_AGE_MS: '60000', MEMBER_CACHE_MAX_AGE_MS: '60000' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(CACHED);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.reset();
  // Every test starts with no page kept and no earlier test's change still on its way: a change
  // signalled 100 ms after an earlier test would end a page this test means to see kept.
  t.app.ctx.events.ordersChanged();
  await t.app.ctx.events.settled();
});

interface Page {
  data: Array<{ order_id: number; process_status: string; assign_to: string | null }>;
  total: number;
}

const list = async (app: TestApp, token: string, query: string) => {
  const answer = await app.call({ method: 'GET', url: `/api/admin/get-orders-list/${query}`, token });
  expect(answer.statusCode).toBe(200);
  return answer.json<Page>();
};

const moveTo = async (token: string, orderIds: number[], updatingStatus: Status) => {
  const moved = await t.call({
    method: 'PUT',
    url: '/api/admin/change-order-status',
    token,
    payload: { orderId: orderIds, updatingStatus },
  });
  expect(moved.json()).toMatchObject({ status: 1 });
};

describe('first pages served from memory', () => {
  it('answer a repeated first page without the database, and never a later page or a search', async () => {
    const me = await t.signInAs('Team');
    await insertOrder(t.database.db, { processStatus: 'New', processingMode: 'Standard' });
    const first = await list(t, me.token, 'newOrder?page=1&perPage=50');
    let again: Page | undefined;
    expect(
      await countQueries(t.database, async () => {
        again = await list(t, me.token, 'newOrder?page=1&perPage=50');
      }),
    ).toBe(0);
    expect(again).toEqual(first);
    expect(await countQueries(t.database, () => list(t, me.token, 'newOrder?page=2&perPage=50'))).toBeGreaterThan(0);
    expect(await countQueries(t.database, () => list(t, me.token, 'newOrder?page=1&search=zz'))).toBeGreaterThan(0);
  });

  it('show a change made through the API in the very next read, in the page and its total', async () => {
    const me = await t.signInAs('Team');
    const order = await insertOrder(t.database.db, { processStatus: 'New', processingMode: 'Standard' });
    expect((await list(t, me.token, 'awaitingOrder?page=1')).total).toBe(0);
    await moveTo(me.token, [order.orderId], 'Awaiting');
    const page = await list(t, me.token, 'awaitingOrder?page=1');
    expect(page).toMatchObject({ total: 1, data: [{ order_id: order.orderId, process_status: 'Awaiting' }] });
    expect((await list(t, me.token, 'newOrder?page=1')).data).toEqual([]);
  });

  it('are read again for a read naming a change the page was loaded before', async () => {
    const me = await t.signInAs('Team');
    expect((await list(t, me.token, 'newOrder?page=1')).total).toBe(0);
    // Written behind the application's back, as another instance would before its notice arrives.
    const order = await insertOrder(t.database.db, { processStatus: 'New', processingMode: 'Standard' });
    expect((await list(t, me.token, 'newOrder?page=1')).data).toEqual([]);
    const seen = await databaseClock(t.database.db);
    const page = await list(t, me.token, `newOrder?page=1&seen=${seen}`);
    expect(page.data.map((row) => row.order_id)).toEqual([order.orderId]);
  });

  it('are each member’s own: My Orders never answers another member’s page', async () => {
    const ann = await t.signInAs('Team');
    const bob = await t.signInAs('Team');
    const order = await insertOrder(t.database.db, { processingMode: 'Standard', processingDate: null });
    const claimed = await t.call({
      method: 'PUT',
      url: '/api/admin/assign-order-status',
      token: ann.token,
      payload: { orderId: [order.orderId], assignto: ann.name },
    });
    expect(claimed.json()).toMatchObject({ status: 1 });
    expect((await list(t, ann.token, 'myOrder?page=1')).data.map((row) => row.order_id)).toEqual([order.orderId]);
    expect((await list(t, bob.token, 'myOrder?page=1')).data).toEqual([]);
  });

  it('equal a fresh read of the same page after any mix of changes made through the API', async () => {
    const me = await t.signInAs('Team');
    const orderIds: number[] = [];
    for (let i = 0; i < 24; i++) {
      const status = STATUSES[i % STATUSES.length] as Status;
      orderIds.push((await insertOrder(t.database.db, { processStatus: status, processingMode: 'Standard' })).orderId);
    }
    t.app.ctx.events.ordersChanged();
    const today = businessToday(t.config.BUSINESS_TZ);
    const read = fc.record({
      kind: fc.constant('read' as const),
      folder: fc.constantFrom<FolderKey>(...FOLDER_KEYS.filter((key) => key !== 'allOrder')),
      perPage: fc.constantFrom(10, 25, 50),
      sort: fc.option(fc.constantFrom(...SORT_KEYS), { nil: undefined }),
      dir: fc.option(fc.constantFrom('asc' as const, 'desc' as const), { nil: undefined }),
    });
    const move = fc.record({
      kind: fc.constant('move' as const),
      picks: fc.uniqueArray(fc.nat(orderIds.length - 1), { minLength: 1, maxLength: 4 }),
      status: fc.constantFrom<Status>('Awaiting', 'Pending', 'Completed', 'Contact Customer', 'Customer Called'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof({ arbitrary: read, weight: 3 }, move), { minLength: 1, maxLength: 8 }),
        async (steps) => {
          for (const step of steps) {
            if (step.kind === 'move') {
              await t.call({
                method: 'PUT',
                url: '/api/admin/change-order-status',
                token: me.token,
                payload: { orderId: step.picks.map((i) => orderIds[i]), updatingStatus: step.status },
              });
              continue;
            }
            const query = new URLSearchParams({ page: '1', perPage: String(step.perPage) });
            if (step.sort) query.set('sort', step.sort);
            if (step.dir) query.set('dir', step.dir);
            const answer = await list(t, me.token, `${step.folder}?${query}`);
            const fresh = await findFolderOrders(t.database.db, {
              folder: step.folder,
              ctx: { staffId: me.id, today },
              perPage: step.perPage,
              page: 1,
              sort: { sort: step.sort, dir: step.dir },
              sla: await getSlaHours(t.database.db),
            });
            expect(answer, JSON.stringify(step)).toMatchObject({ data: fresh.rows, total: fresh.total });
          }
        },
      ),
      { numRuns: 25, endOnFailure: true },
    );
  }, 120_000);
});

// LISTEN/NOTIFY carries changes between instances on PostgreSQL; PGlite is one process.
describe.skipIf(testEngine !== 'postgres')('first pages across two instances on one database', () => {
  it('show a change made on the other instance once its notice arrives', async () => {
    const other = await createTestApp(CACHED, { database: t.database });
    try {
      const me = await t.signInAs('Team');
      const order = await insertOrder(t.database.db, { processStatus: 'New', processingMode: 'Standard' });
      t.app.ctx.events.ordersChanged();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await list(other, me.token, 'newOrder?page=1')).data.map((row) => row.order_id)).toEqual([order.orderId]);
      await moveTo(me.token, [order.orderId], 'Awaiting');
      const deadline = Date.now() + 2_000;
      let page = await list(other, me.token, 'newOrder?page=1');
      while (page.data.length > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        page = await list(other, me.token, 'newOrder?page=1');
      }
      expect(page.data).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
