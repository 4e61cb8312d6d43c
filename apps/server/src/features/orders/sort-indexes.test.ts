import { businessToday, DEFAULT_SLA_HOURS, type FolderKey, type SortKey, type Status } from '@nzeta/domain';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import type { DbOrTx } from '../../db/client';
import { findFolderOrders } from './find-folder-orders';

// Sorting by Name or E-mail walks an index of migration 0011 instead of sorting every matching
// row: each page query's plan is read with EXPLAIN on a few thousand orders.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`insert into orders (first_name, last_name, full_name, email, process_status, created_at)
    select 'F' || g, 'L' || g, 'Name ' || md5(g::text), md5(g::text) || '@example.com',
      (array['New', 'Completed', 'Awaiting', 'Deleted'])[1 + g % 4], now() - make_interval(mins => g)
    from generate_series(1, 6000) as g`);
  await database.db.execute(sql`analyze orders`);
});
afterAll(() => database.close());

const dialect = new PgDialect();

/** The db, but every query that reads a page of orders is EXPLAINed first and its plan kept. */
function explaining(db: DbOrTx, plans: string[]): DbOrTx {
  const execute = async (query: SQL) => {
    const text = dialect.sqlToQuery(query).sql;
    if (/order by/i.test(text) && !/count\(/i.test(text)) {
      const result = (await db.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
      plans.push(result.rows.map((row) => Object.values(row)[0]).join('\n'));
    }
    return db.execute(query);
  };
  return new Proxy(db, { get: (target, key) => (key === 'execute' ? execute : Reflect.get(target, key)) });
}

async function planOf(
  folder: FolderKey,
  sort: SortKey,
  dir: 'asc' | 'desc',
  options: { status?: Status; page?: number } = {},
) {
  const plans: string[] = [];
  const page = await findFolderOrders(explaining(database.db, plans), {
    folder,
    ctx: { staffId: 1, today: businessToday() },
    perPage: 25,
    page: options.page ?? 1,
    sort: { sort, dir },
    status: options.status,
    sla: DEFAULT_SLA_HOURS,
    withTotal: false,
  });
  expect(page.rows).toHaveLength(25);
  expect(plans).toHaveLength(1);
  return { plan: plans[0] ?? '', rows: page.rows };
}

describe('sorting by name and e-mail', () => {
  const cases = [
    { folder: 'allOrder', sort: 'name', index: 'orders_name_sort_idx' },
    { folder: 'allOrder', sort: 'email', index: 'orders_email_sort_idx' },
    { folder: 'completedOrder', sort: 'name', index: 'orders_status_name_sort_idx' },
    { folder: 'completedOrder', sort: 'email', index: 'orders_status_email_sort_idx' },
  ] as const;
  for (const { folder, sort, index } of cases) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`${folder} by ${sort} ${dir} walks ${index} without a sort`, async () => {
        const { plan, rows } = await planOf(folder, sort, dir);
        expect(plan).toContain(index);
        expect(plan).not.toMatch(/\bSort\b/);
        const keys = rows.map(
          (row) => (sort === 'name' ? row.full_name : row.contact_email_address)?.toLowerCase() ?? '',
        );
        const sorted = [...keys].sort();
        expect(keys).toEqual(dir === 'asc' ? sorted : sorted.reverse());
      });
    }
  }

  it('Order History filtered by a status walks the status-led index', async () => {
    const { plan } = await planOf('allOrder', 'name', 'asc', { status: 'Awaiting' });
    expect(plan).toContain('orders_status_name_sort_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it('a deep page finds its ids from the index too', async () => {
    const { plan } = await planOf('allOrder', 'email', 'desc', { page: 20 });
    expect(plan).toContain('orders_email_sort_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
