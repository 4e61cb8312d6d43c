import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/test-database';
import { preparedStatement, queryRows, queryRowsPrepared } from './client';
import { insertOrder } from './factories';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const pageAmong = (ids: number[]) =>
  sql`select order_id::text as id, email from orders where order_id = any(${`{${ids.join(',')}}`}::bigint[]) order by order_id desc limit ${5}`;

describe('queryRowsPrepared', () => {
  it('answers what the unnamed statement answers, for other values of the same text', async () => {
    const made = await Promise.all([1, 2, 3, 4].map((n) => insertOrder(database.db, { email: `p${n}@example.com` })));
    const ids = made.map((o) => o.orderId);
    for (const chosen of [ids, ids.slice(0, 2), [ids[3] ?? 0], []]) {
      expect(await queryRowsPrepared(database.db, pageAmong(chosen))).toEqual(
        await queryRows(database.db, pageAmong(chosen)),
      );
    }
  });

  it.runIf(testEngine === 'postgres')(
    'keeps the statement prepared on the connection, under a name of its text',
    async () => {
      const names = await database.db.transaction(async (tx) => {
        await queryRowsPrepared(tx, pageAmong([1]));
        await queryRowsPrepared(tx, pageAmong([2, 3]));
        return queryRows<{ name: string }>(tx, sql`select name from pg_prepared_statements where name like 'q\\_%'`);
      });
      expect(names).toHaveLength(1);
    },
  );
});

describe('preparedStatement', () => {
  const byEmail = preparedStatement<{ id: string; email: string }>(
    () =>
      sql`select order_id::text as id, email from orders where email = ${sql.placeholder('email')} or order_id = ${sql.placeholder('id')} order by order_id`,
  );
  const plain = (email: string, id: number) =>
    sql`select order_id::text as id, email from orders where email = ${email} or order_id = ${id} order by order_id`;

  it('answers what the statement built with those values answers, for every call', async () => {
    const made = await Promise.all([1, 2, 3].map((n) => insertOrder(database.db, { email: `s${n}@example.com` })));
    for (const [email, id] of [
      ['s1@example.com', made[2]?.orderId ?? 0],
      ['s2@example.com', 0],
      ['nobody@example.com', made[0]?.orderId ?? 0],
      ['nobody@example.com', 0],
    ] as const) {
      const rows = await byEmail(database.db, { email, id });
      expect(rows).toEqual(await queryRows(database.db, plain(email, id)));
    }
    expect(await byEmail(database.db, { email: 's2@example.com', id: 0 })).toEqual([
      { id: String(made[1]?.orderId), email: 's2@example.com' },
    ]);
  });
});

describe('the planner', () => {
  // PGlite starts with sequential scans off; a search for a common term then walked its whole
  // trigram index instead of reading orders until its count cap (README, Benchmarks).
  it('may read a table in order, on either engine', async () => {
    const [row] = await queryRows<{ enable_seqscan: string }>(database.db, sql`show enable_seqscan`);
    expect(row?.enable_seqscan).toBe('on');
  });
});
