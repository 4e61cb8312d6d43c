import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/test-database';
import { queryRows } from './client';

// The connections a database restart or failover closes under load: a transaction checked out on
// one the pool has not yet seen closed fails its BEGIN, and must give its pool slot back.
describe.runIf(testEngine === 'postgres')('a transaction whose BEGIN fails on a lost connection', () => {
  let database: TestDatabase;
  let admin: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase();
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await database.destroy();
  });

  const pool = () => (database.db as unknown as { $client: pg.Pool }).$client;
  const transaction = () =>
    database.db
      .transaction(async (tx) => queryRows<{ one: number }>(tx, sql`select 1 as one`))
      .then(
        () => 'ok',
        (error: Error) => String(error.cause instanceof Error ? error.cause.message : error.message),
      );

  it('gives its pool slot back, so the pool recovers once the database is back', async () => {
    const [{ name } = { name: '' }] = await queryRows<{ name: string }>(
      database.db,
      sql`select current_database() as name`,
    );
    const failed: string[] = [];
    for (let round = 0; round < 25; round++) {
      // Connections left idle in the pool, then closed by the database while transactions start.
      await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.005)`).catch(() => undefined)));
      const terminated = admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      const outcomes = [1, 2, 3, 4].map(transaction);
      await terminated;
      failed.push(...(await Promise.all(outcomes)).filter((outcome) => outcome !== 'ok'));
      // Every client has been given back: none is held by a transaction that ended.
      expect(pool().totalCount - pool().idleCount, `round ${round}: ${failed.join('; ')}`).toBe(0);
    }
    // The race this is about did happen (BEGIN failed at least once), and nothing waited for a slot.
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.filter((message) => /timeout exceeded/.test(message))).toEqual([]);
    expect(await transaction()).toBe('ok');
  }, 60_000);
});
