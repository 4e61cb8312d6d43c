import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../test/test-database';
import { type Database, openDatabase, queryRows } from './client';

// A long read handed over as it runs: every row in order and in batches, the database made to
// wait while the reader is slow, and a reader that gives up stopping the statement.
describe.runIf(testEngine === 'postgres')('streamRows', () => {
  let database: Database;
  beforeAll(async () => {
    // As the server opens it: with a statement timeout, and so the driver's read timeout.
    database = await openDatabase({
      databaseUrl: process.env.TEST_DATABASE_URL,
      poolSize: 3,
      statementTimeoutMs: 30_000,
    });
  });
  afterAll(() => database.close());

  const stream = <T extends Record<string, unknown>>(
    query: SQL,
    batchSize: number,
    each: (rows: T[]) => Promise<void>,
    timeoutMs?: number,
  ) => {
    if (!database.streamRows) throw new Error('PostgreSQL streams rows');
    return database.streamRows<T>(query, batchSize, each, timeoutMs);
  };

  /** The statement carrying `marker`, as the database sees it from another connection. */
  const activity = (marker: string) =>
    queryRows<{ state: string; wait_event: string | null }>(
      database.db,
      sql`select state, wait_event from pg_stat_activity
          where query like ${`%${marker}%`} and pid <> pg_backend_pid()`,
    );

  it('hands over every row in order, in batches of the size asked', async () => {
    const batches: number[][] = [];
    await stream<{ n: number }>(sql`select g as n from generate_series(1, 2500) as g`, 1000, async (rows) => {
      batches.push(rows.map((row) => row.n));
    });
    expect(batches.map((rows) => rows.length)).toEqual([1000, 1000, 500]);
    expect(batches.flat()).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
  });

  it('hands over one batch per turn of the event loop, so other requests are served in between', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const handedAt: number[] = [];
    await stream(sql`select g, repeat('x', 300) as pad from generate_series(1, 20000) as g`, 1000, async () => {
      handedAt.push(turns);
    });
    counting = false;
    expect(handedAt).toHaveLength(20);
    for (let i = 1; i < handedAt.length; i++) expect(handedAt[i]).toBeGreaterThan(handedAt[i - 1] ?? 0);
  });

  it('keeps the database waiting while the reader is slow, instead of buffering the rows', async () => {
    const marker = 'stream_rows_slow_reader';
    let seen = 0;
    let waiting: Array<{ state: string; wait_event: string | null }> = [];
    await stream<{ n: number }>(
      sql`select g as n, repeat('x', 2000) as pad, ${sql.raw(`'${marker}'`)} as marker from generate_series(1, 20000) as g`,
      500,
      async (rows) => {
        seen += rows.length;
        if (seen === 1000) {
          await new Promise((resolve) => setTimeout(resolve, 300));
          waiting = await activity(marker);
        }
      },
    );
    expect(seen).toBe(20000);
    // 40 MB of rows: far more than the socket buffers, so the statement was still running,
    // blocked on sending, while the reader was busy.
    expect(waiting).toEqual([{ state: 'active', wait_event: 'ClientWrite' }]);
  });

  it('stops the statement when the reader gives up, and the pool goes on', async () => {
    const marker = 'stream_rows_reader_gone';
    const gone = new Error('reader gone');
    let batches = 0;
    await expect(
      // 200 million rows, streamed as they are made (a cross join of two small series): without
      // being stopped, the statement would outlast the test.
      stream(
        sql`select a, b, ${sql.raw(`'${marker}'`)} as marker
          from generate_series(1, 10000) as a, generate_series(1, 20000) as b`,
        1000,
        async () => {
          batches += 1;
          if (batches === 2) throw gone;
        },
      ),
    ).rejects.toBe(gone);
    expect(batches).toBe(2);
    await expect.poll(() => activity(marker), { timeout: 2000 }).toEqual([]);
    expect(await queryRows(database.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });

  it('gives up on a reader slower than the time allowed, and the pool goes on', async () => {
    const marker = 'stream_rows_too_slow';
    const started = performance.now();
    await expect(
      stream(
        sql`select g, repeat('x', 2000), ${sql.raw(`'${marker}'`)} as marker from generate_series(1, 20000) as g`,
        500,
        () => new Promise((resolve) => setTimeout(resolve, 100)),
        400,
      ),
    ).rejects.toThrow('Streamed read took longer than 400 ms');
    expect(performance.now() - started).toBeLessThan(3000);
    await expect.poll(() => activity(marker), { timeout: 2000 }).toEqual([]);
    expect(await queryRows(database.db, sql`select 3 as three`)).toEqual([{ three: 3 }]);
  });

  it("rejects with the database's error raised mid-statement, and the pool goes on", async () => {
    const each = async () => undefined;
    await expect(
      stream(sql`select 10 / (3000 - g) as n from generate_series(1, 5000) as g`, 100, each),
    ).rejects.toThrow(/division by zero/);
    expect(await queryRows(database.db, sql`select 2 as two`)).toEqual([{ two: 2 }]);
  });

  it('reads only', async () => {
    await expect(stream(sql`create table stream_rows_never (n int)`, 10, async () => undefined)).rejects.toThrow(
      /read-only/,
    );
  });
});
