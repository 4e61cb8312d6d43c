import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/test-database';
import { startBackgroundJobs } from '../background-jobs';
import { readSearchStats } from '../features/orders/search-stats';
import { queryRows } from './client';
import { maintainTables, newMaintenanceMemory, QUIET_BEFORE, readTableSizes } from './pglite-maintenance';
import { seedDemoData } from './seed';

// PostgreSQL's autovacuum does this work there, and would race these tests' expectations.
describe.skipIf(testEngine !== 'pglite')('PGlite maintenance', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  const quietFor = (ms: number) => ({ quietForMs: () => ms });
  const sizeOf = async (name: string) => (await readTableSizes(database.db)).find((table) => table.name === name);
  const pagesOf = async (name: string) => {
    const [row] = await queryRows<{ pages: number }>(
      database.db,
      sql`select (pg_relation_size(${name}::regclass) / current_setting('block_size')::int)::int as pages`,
    );
    return Number(row?.pages);
  };

  it('gives orders seeded after the migrations their statistics, and the search its routes', async () => {
    await seedDemoData(database.db, { orders: 300, seed: 7 });
    expect(await sizeOf('orders')).toMatchObject({ hasStatistics: false });

    const run = await maintainTables(database.db, newMaintenanceMemory(), {
      requests: quietFor(Number.POSITIVE_INFINITY),
      ...QUIET_BEFORE,
    });

    expect(run.vacuumed).toContain('orders');
    expect(run.analyzed).toContain('orders');
    const orders = await sizeOf('orders');
    expect(orders).toMatchObject({ hasStatistics: true, rows: 300 });
    expect(orders?.recordedPages).toBe(orders?.pages);
    const stats = await readSearchStats(database.db);
    expect(stats.sampleCount).toBeGreaterThan(0);
    expect(stats.orders).toBe(300);
  });

  it('waits for the server to be without requests: 5 s before vacuuming, 30 s before analysing', async () => {
    await database.db.execute(sql`create table probe_busy (id int primary key, note text)`);
    await database.db.execute(sql`insert into probe_busy select g, repeat('x', 100) from generate_series(1, 3000) g`);
    const memory = newMaintenanceMemory();

    expect(await maintainTables(database.db, memory, { requests: quietFor(4_999), ...QUIET_BEFORE })).toEqual({
      vacuumed: [],
      analyzed: [],
    });
    const vacuumedOnly = await maintainTables(database.db, memory, { requests: quietFor(29_999), ...QUIET_BEFORE });
    expect(vacuumedOnly).toEqual({ vacuumed: ['probe_busy'], analyzed: [] });
    expect(await sizeOf('probe_busy')).toMatchObject({ hasStatistics: false, rows: 3000 });

    const analysed = await maintainTables(database.db, memory, { requests: quietFor(30_000), ...QUIET_BEFORE });
    expect(analysed).toEqual({ vacuumed: [], analyzed: ['probe_busy'] });
    expect(await sizeOf('probe_busy')).toMatchObject({ hasStatistics: true });
  });

  it('vacuums a table again once it grows and analyses it once its rows change, so dead rows are reused', async () => {
    await database.db.execute(sql`create table probe_churn (id int primary key, note text)`);
    await database.db.execute(sql`insert into probe_churn select g, repeat('a', 100) from generate_series(1, 5000) g`);
    const memory = newMaintenanceMemory();
    const pass = () =>
      maintainTables(database.db, memory, { requests: quietFor(Number.POSITIVE_INFINITY), ...QUIET_BEFORE });

    expect(await pass()).toMatchObject({ vacuumed: ['probe_churn'], analyzed: ['probe_churn'] });
    expect(await pass()).toEqual({ vacuumed: [], analyzed: [] });

    await database.db.execute(
      sql`insert into probe_churn select g, repeat('b', 100) from generate_series(5001, 10000) g`,
    );
    expect(await pass()).toEqual({ vacuumed: ['probe_churn'], analyzed: ['probe_churn'] });
    expect(memory.analysedRows.get('probe_churn')).toBe(10_000);

    // Every row rewritten: the table doubles, then the pass reclaims the old versions, so
    // rewriting every row again reuses their room instead of doubling the table once more.
    const before = await pagesOf('probe_churn');
    await database.db.execute(sql`update probe_churn set note = repeat('c', 100)`);
    const afterFirst = await pagesOf('probe_churn');
    expect(afterFirst).toBeGreaterThan(before * 1.5);
    // The same rows, rewritten: analysed again after the vacuum, as autovacuum would.
    expect(await pass()).toEqual({ vacuumed: ['probe_churn'], analyzed: ['probe_churn'] });
    expect(await pass()).toEqual({ vacuumed: [], analyzed: [] });
    await database.db.execute(sql`update probe_churn set note = repeat('d', 100)`);
    expect(await pagesOf('probe_churn')).toBeLessThanOrEqual(afterFirst * 1.1);
  });
});

describe.skipIf(testEngine !== 'pglite')('PGlite maintenance in the background jobs', () => {
  it('runs as the server starts: the seeded orders get their statistics', async () => {
    const app = await createTestApp({ MAIL_WORKER: 'off' });
    try {
      await seedDemoData(app.database.db, { orders: 120, seed: 11 });
      const jobs = await startBackgroundJobs(app.app);
      await jobs.stop();
      const [orders] = await queryRows<{ analysed: boolean }>(
        app.database.db,
        sql`select exists (select 1 from pg_statistic where starelid = 'orders'::regclass) as analysed`,
      );
      expect(orders?.analysed).toBe(true);
    } finally {
      await app.close();
    }
  });
});
