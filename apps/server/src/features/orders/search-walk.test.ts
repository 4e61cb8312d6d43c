import { FOLDER_KEYS, STATUSES } from '@nzeta/domain';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngine } from '../../../test/test-database';
import { queryRows } from '../../db/client';
import { insertStaff } from '../../db/factories';
import { findFolderOrders } from './find-folder-orders';
import { matchCountQuery, walksNewest, walkWhere } from './folder-search';
import { folderWhere } from './folder-sql';
import { readSearchStats } from './search-stats';
import { plainContains } from './testing/search-reference';

let database: TestDatabase;
const ctx = { staffId: 0, today: '2026-03-10' };
beforeAll(async () => {
  database = await createTestDatabase();
  const member = await insertStaff(database.db, { type: 'Team', fastHash: true });
  ctx.staffId = member.id;
  // One order in five is a Tamora: a common surname, whose count walks the newest orders.
  await database.db.execute(sql`insert into orders (first_name, last_name, full_name, email, phone_number,
      process_status, processing_mode, assigned_to, processing_date, created_at)
    select 'Ann', case when g % 5 = 0 then 'Tamora' else 'Net' || g end,
      'Ann ' || case when g % 5 = 0 then 'Tamora' else 'Net' || g end, 'ann' || g || '@example.net', '021' || g,
      (array[${sql.join(
        STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )}])[1 + g % ${STATUSES.length}], 'Standard', case when g % 3 = 0 then ${member.id}::int end,
      case when g % 4 = 0 then date '2026-03-01' + (g % 60) end, now() - make_interval(mins => g)
    from generate_series(1, 1200) as g`);
  await database.db.execute(sql`analyze orders`);
});
afterAll(() => database.destroy());

describe("a common term's count, walking the newest orders", () => {
  it('is chosen for the common surname from the statistics', async () => {
    const stats = await readSearchStats(database.db);
    expect(walksNewest('tamora', stats, 25)).toBe(true);
    expect(walksNewest('net1234', stats, 25)).toBe(false);
  });

  it.each(FOLDER_KEYS)('can be read from the walk index alone in %s, with a status and a month too', async (folder) => {
    const extras = [sql`true`, sql`process_status <> 'Refunds'`, sql`extract(month from processing_date) = 3`];
    for (const extra of extras) {
      const query = matchCountQuery(sql`${folderWhere(folder, ctx)} and ${extra}`, walkWhere('tamora'), 40, true);
      const plan = await planWithOnlyTheWalkIndex(query);
      expect(plan, plan).toContain('Index Only Scan using orders_search_walk_idx');
    }
  });

  it.each(FOLDER_KEYS)('answers the rows and total of the plain rule in %s', async (folder) => {
    const [plain] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from orders where ${folderWhere(folder, ctx)} and ${plainContains('TAMORA')}`,
    );
    const all = await findFolderOrders(database.db, { folder, ctx, perPage: 1000, withTotal: false });
    const page = await findFolderOrders(database.db, {
      folder,
      ctx,
      perPage: 7,
      page: 2,
      countCap: 25,
      search: 'TAMORA',
    });
    const expected = all.rows.filter((row) => /tamora/i.test(row.full_name ?? '')).map((row) => row.order_id);
    expect(page.rows.map((row) => row.order_id)).toEqual(expected.slice(7, 14));
    expect({ total: page.total, capped: page.totalCapped }).toEqual({
      total: Math.min(plain?.n ?? 0, 25),
      capped: (plain?.n ?? 0) > 25,
    });
  });

  it.each(['allOrder', 'myOrder'] as const)(
    'answers the same in %s once its prepared statements are planned once for all terms',
    async (folder) => {
      const read = (page: number) =>
        findFolderOrders(database.db, { folder, ctx, perPage: 7, page, countCap: 25, search: 'tamora' });
      const first = [await read(1), await read(2)];
      // PostgreSQL plans a prepared statement for its values five times, then keeps one plan.
      for (let time = 0; time < 8; time++) expect([await read(1), await read(2)]).toEqual(first);
      expect(first[0]?.rows.length).toBeGreaterThan(0);
    },
  );

  // PGlite keeps no named statements: each is planned when it runs.
  it.runIf(testEngine === 'postgres')('is planned once and the plan kept, for its count and its page', async () => {
    // One connection (a transaction), so the statements it prepared can be looked at on it.
    const { before, after } = await database.db.transaction(async (tx) => {
      const plans = () =>
        queryRows<{ name: string; generic: number; custom: number }>(
          tx,
          sql`select name, generic_plans::int as generic, custom_plans::int as custom
            from pg_prepared_statements where statement like '%strpos%'`,
        );
      const earlier = await plans();
      for (let time = 0; time < 8; time++) {
        await findFolderOrders(tx, { folder: 'allOrder', ctx, perPage: 7, countCap: 25, search: 'tamora' });
      }
      return { before: earlier, after: await plans() };
    });
    // PostgreSQL makes five plans for the values given before it may keep one.
    const ran = after
      .map((now) => {
        const then = before.find((statement) => statement.name === now.name) ?? { generic: 0, custom: 0 };
        return { generic: now.generic - then.generic, custom: now.custom - then.custom };
      })
      .filter((plans) => plans.generic + plans.custom === 8);
    expect(ran).toHaveLength(2);
    for (const plans of ran) expect(plans.generic).toBeGreaterThanOrEqual(3);
  });
});

/**
 * The plan of `query` with every other secondary index dropped (in a transaction rolled back) and
 * other plans priced out: an index-only scan shows the walk index holds every column it reads.
 */
async function planWithOnlyTheWalkIndex(query: SQL): Promise<string> {
  let plan = '';
  await database.db
    .transaction(async (tx) => {
      const others = await queryRows<{ name: string }>(
        tx,
        sql`select indexrelid::regclass::text as name from pg_index
          where indrelid = 'orders'::regclass and not indisunique and indexrelid <> 'orders_search_walk_idx'::regclass`,
      );
      for (const { name } of others) await tx.execute(sql.raw(`drop index ${name}`));
      for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) {
        await tx.execute(sql.raw(`set local ${setting} = off`));
      }
      const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`);
      plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return plan;
}

class RolledBack extends Error {}
