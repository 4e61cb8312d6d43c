import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/db/client';
import { staff } from '../../src/db/schema';
import { createTestDatabase, type TestDatabase, testEngine } from '../test-database';

/**
 * DATABASE_PREPARED_STATEMENTS=off: a query built with `.prepare(name)` leaves no named statement
 * on the connection (a transaction-mode pooler would run the next execution elsewhere), on its
 * own and inside a transaction; on: it is prepared once per connection. DATABASE_LISTEN_URL: the
 * listening connection goes there.
 */
describe.runIf(testEngine === 'postgres')('named prepared statements as a setting', () => {
  let database: TestDatabase;
  let url: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    const [row] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
    const server = new URL(process.env.TEST_DATABASE_LISTEN_URL ?? process.env.TEST_DATABASE_URL ?? '');
    server.pathname = `/${row?.name}`;
    url = server.toString();
  });
  afterAll(() => database?.destroy());

  async function namedAfterTwoRuns(preparedStatements: boolean) {
    const opened = await openDatabase({ databaseUrl: url, poolSize: 1, preparedStatements });
    try {
      const query = opened.db
        .select({ id: staff.id })
        .from(staff)
        .where(sql`${staff.id} = ${sql.placeholder('id')}`);
      const prepared = query.prepare('probe_statement');
      await prepared.execute({ id: 1 });
      await opened.db.transaction(async (tx) => {
        await tx
          .select({ id: staff.id })
          .from(staff)
          .where(sql`${staff.id} = ${sql.placeholder('id')}`)
          .prepare('probe_in_tx')
          .execute({ id: 2 });
      });
      const rows = await queryRows<{ name: string }>(
        opened.db,
        sql`select name from pg_prepared_statements order by name`,
      );
      return rows.map((row) => row.name);
    } finally {
      await opened.close();
    }
  }

  it('prepares named statements when on, none when off', async () => {
    expect(await namedAfterTwoRuns(true)).toEqual(['probe_in_tx', 'probe_statement']);
    expect(await namedAfterTwoRuns(false)).toEqual([]);
  });

  it('listens on DATABASE_LISTEN_URL, not on DATABASE_URL', async () => {
    const wrong = new URL(url);
    wrong.port = '1';
    const opened = await openDatabase({ databaseUrl: wrong.toString(), listenUrl: url, poolSize: 1 });
    try {
      let hear: (payload: string) => void = () => undefined;
      const heard = new Promise<string>((resolve) => {
        hear = resolve;
      });
      await opened.listen('probe_channel', (payload) => hear(payload));
      const sender = new pg.Client({ connectionString: url });
      await sender.connect();
      await sender.query(`select pg_notify('probe_channel', 'hello')`);
      await sender.end();
      expect(await heard).toBe('hello');
    } finally {
      await opened.close();
    }
  });
});
