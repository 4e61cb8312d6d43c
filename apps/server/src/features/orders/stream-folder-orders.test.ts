import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FOLDER_KEYS, MAX_ROWS_PER_ANSWER, STATUSES } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

// 'All' is one streamed answer with only the fields the folder's table shows: the same rows, in
// the same order, with the same total as reading the folder page by page.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  const me = await t.signInAs('Admin');
  token = me.token;
  await t.database.db.execute(sql`insert into orders (first_name, last_name, full_name, email, phone_number, country_code,
      process_status, processing_mode, assigned_to, processing_date, refund_date, created_at)
    select 'F' || g, 'L' || g, 'Name ' || md5(g::text), md5(g::text) || '@example.com', '021' || g, '64',
      (${sql.raw(`array[${STATUSES.map((s) => `'${s}'`).join(',')}]`)})[1 + g % ${STATUSES.length}],
      (array['Standard', 'Priority', 'Future'])[1 + g % 3],
      case when g % 2 = 0 then ${me.id}::int end,
      case when g % 4 <> 0 then current_date + (g % 90 - 30) end,
      case when g % 5 = 0 then now() - make_interval(hours => g % 17) end,
      now() - make_interval(mins => g % 900)
    from generate_series(1, 2600) as g`);
}, 120_000);
afterAll(() => t.close());

const list = (folder: string, query: string) =>
  t.call({ method: 'GET', url: `/api/admin/get-orders-list/${folder}?${query}`, token });

async function paged(folder: string, query: string) {
  const rows: Array<Record<string, unknown>> = [];
  let cursor: string | null = null;
  let total = 0;
  do {
    const body: { total: number; data: Array<Record<string, unknown>>; nextCursor: string | null } = (
      await list(folder, `${query}&perPage=${MAX_ROWS_PER_ANSWER}${cursor ? `&cursor=${cursor}` : '&page=1'}`)
    ).json();
    if (!cursor) total = body.total;
    rows.push(...body.data);
    cursor = body.nextCursor;
  } while (cursor);
  return { rows, total };
}

describe("'All' streamed", () => {
  const cases = [
    ...FOLDER_KEYS.map((folder) => ({ folder, query: '' })),
    { folder: 'allOrder', query: 'sort=name&dir=desc' },
    { folder: 'allOrder', query: 'sort=sla&dir=asc&status=New' },
    { folder: 'allOrder', query: 'sort=status' },
    { folder: 'futureOrder', query: 'month=Jan' },
  ];
  it.each(cases)('$folder $query: equals the paged answer, only the shown fields', async ({ folder, query }) => {
    const answer = await list(folder, `${query}&page=1&perPage=100000`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const streamed = answer.json();
    expect(Object.keys(streamed)).toEqual(['status', 'message', 'data', 'total', 'totalCapped', 'nextCursor']);
    expect(streamed.status).toBe(1);
    expect(streamed.nextCursor).toBeNull();
    const expected = await paged(folder, query);
    expect(streamed.total).toBe(expected.total);
    expect(streamed.data.length).toBe(expected.rows.length);
    const fields = Object.keys(streamed.data[0] ?? { order_id: 1 });
    expect(fields).toContain('order_id');
    expect(fields).not.toContain('full_name');
    const projected = expected.rows.map((row) => Object.fromEntries(fields.map((f) => [f, row[f]])));
    expect(streamed.data).toEqual(projected);
  });

  it('a streamed page smaller than the folder ends with the cursor to the rest', async () => {
    const first = (await list('allOrder', 'page=1&perPage=1500')).json();
    expect(first.data).toHaveLength(1500);
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = (await list('allOrder', `perPage=100000&cursor=${first.nextCursor}`)).json();
    expect(first.data.length + rest.data.length).toBe(first.total);
    expect(rest.nextCursor).toBeNull();
    const all = (await list('allOrder', 'page=1&perPage=100000')).json();
    expect([...first.data, ...rest.data].map((r: { order_id: number }) => r.order_id)).toEqual(
      all.data.map((r: { order_id: number }) => r.order_id),
    );
  });

  it('a reader that goes away mid-answer leaves no database connection behind', async () => {
    // listening already when the test is retried
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const before = t.database.poolStats();
    for (let i = 0; i < 3; i++) {
      await new Promise<void>((resolve, reject) => {
        const req = request(
          {
            port,
            path: '/api/admin/get-orders-list/allOrder?page=1&perPage=100000',
            headers: { authorization: `Bearer ${token}` },
          },
          (res) => {
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          },
        );
        req.on('error', (error) => (req.destroyed ? resolve() : reject(error)));
        req.end();
      });
    }
    // Every connection is back in the pool (or closed), none held by an abandoned answer.
    await expect.poll(() => t.database.poolStats().total - t.database.poolStats().idle, { timeout: 5000 }).toBe(0);
    expect(t.database.poolStats().waiting).toBe(0);
    expect(before.waiting).toBe(0);
    const after = await list('allOrder', 'page=1&perPage=100000');
    expect(after.json().data).toHaveLength(after.json().total);
  });
});
