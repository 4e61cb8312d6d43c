import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MAX_ROWS_PER_ANSWER } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../src/db/factories';
import { loadOrderEvidence, PACK_HISTORY_CAP } from '../../src/features/defence-packs/order-evidence';
import { createTestApp, type TestApp } from '../test-app';
import { testEngine } from '../test-database';
import { report } from './support';

/** Cheap requests that would do expensive work are bounded on the server (finding 11). */
let t: TestApp;
let token: string;
const ORDERS = 2_600;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signInAs('Team')).token;
  const template = await insertOrder(t.database.db, { processStatus: 'New' });
  // Copies of one order: every column the list shows, fresh ids and times.
  await t.database.db.execute(sql`
    insert into orders (first_name, last_name, email, process_status, processing_mode, nationality, passport_number, amount, currency, created_at)
    select first_name, last_name || g::text, email, process_status, processing_mode, nationality, passport_number, amount, currency,
           created_at - make_interval(secs => g)
    from orders, generate_series(1, ${ORDERS - 1}) g where order_id = ${template.orderId}`);
}, 120_000);
afterAll(() => t.close());

/** The longest event-loop stall while `work` runs, in ms (PGlite runs every statement on this loop). */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  await work();
  histogram.disable();
  return histogram.max / 1e6;
}

describe('page sizes', () => {
  it('a page larger than MAX_ROWS_PER_ANSWER rows ("All") is streamed; a cursor walk still reaches the end', async () => {
    const list = await t.call({ method: 'GET', url: '/api/admin/get-orders-list/allOrder?perPage=100000', token });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.total).toBeGreaterThan(2 * MAX_ROWS_PER_ANSWER);
    expect(body.data).toHaveLength(body.total);
    expect(body.nextCursor).toBeNull();
    // The same rows, chunk by chunk, following the cursor (the page size below the streaming one).
    let seen = 0;
    let cursor: string | undefined;
    do {
      const url = `/api/admin/get-orders-list/allOrder?perPage=${MAX_ROWS_PER_ANSWER}${cursor ? `&cursor=${cursor}` : ''}`;
      const next = (await t.call({ method: 'GET', url, token })).json();
      expect(next.data.length).toBeLessThanOrEqual(MAX_ROWS_PER_ANSWER);
      seen += next.data.length;
      cursor = next.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toBe(body.total);
    const search = await t.call({
      method: 'POST',
      url: '/api/admin/search-order',
      token,
      payload: { start: 1, end: 100_000, searchVal: 'a', folderName: 'allOrder' },
    });
    expect(search.json().data.length).toBeLessThanOrEqual(MAX_ROWS_PER_ANSWER);
  });

  it('the largest page stalls the event loop under 100 ms', async () => {
    // Warm: the first query of a shape plans and compiles.
    await t.call({ method: 'GET', url: '/api/admin/get-orders-list/allOrder?perPage=100000', token });
    const stalls: number[] = [];
    for (let i = 0; i < 3; i++) {
      stalls.push(
        await longestStall(() =>
          t.call({ method: 'GET', url: '/api/admin/get-orders-list/allOrder?perPage=100000', token }),
        ),
      );
    }
    const stall = Math.min(...stalls);
    report(
      `largest list answer (${ORDERS} rows, streamed) on ${testEngine}: longest event-loop stall ${stall.toFixed(0)} ms`,
    );
    expect(stall).toBeLessThan(100);
  });
});

describe('defence packs', () => {
  it('load a bounded download history however long it grew', async () => {
    const order = await insertOrder(t.database.db, { processStatus: 'ChargeBack', transactionId: 'txn_long' });
    await t.database.db.execute(sql`
      insert into download_history (order_id, ip, browser, os, created_at)
      select ${order.orderId}, '198.51.100.1', 'Firefox', 'Linux', now() - make_interval(secs => g)
      from generate_series(1, 5000) g`);
    const evidence = await loadOrderEvidence(t.database.db, order.orderId, { mailFrom: t.config.MAIL_FROM });
    expect(evidence.downloads).toHaveLength(PACK_HISTORY_CAP);
    const stall = await longestStall(() =>
      t.call({
        method: 'POST',
        url: '/api/admin/get-defence-pack-pdf',
        token,
        payload: { orderId: order.orderId, defencePackType: 1 },
      }),
    );
    report(
      `defence pack of a 5,000-download history: ${evidence.downloads.length} rows loaded, stall ${stall.toFixed(0)} ms`,
    );
  });
});
