import type { Query as CompiledQuery } from 'drizzle-orm';
import pg from 'pg';

/** The longest a streamed read may take, the reader's time included: 'All' of 100,000 rows is about 35 MB. */
export const STREAM_TIMEOUT_MS = 10 * 60_000;

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Runs one read-only statement on a connection of its own and hands its rows to `each` in
 * batches as they arrive, while the database is still producing the rest (PostgreSQL only).
 *
 * Why not a cursor: a server-side cursor makes the database wait between FETCHes while the
 * server reads each chunk, and a FETCH ran slower than the same plan as one statement. Reading a
 * 29,817-row folder this way took 133-154 ms against 164-211 through FETCHes of 1,000.
 *
 * The statement is planned with sorting off, so a listing whose order an index gives is read in
 * that order and its first rows arrive at once, as a cursor's plan would (a plain statement that
 * reads nearly a whole folder is otherwise planned as a bitmap scan and a sort, and sends
 * nothing until the sort ends).
 *
 * Memory stays bounded: while `each` has not finished with a batch (a slow reader's socket is
 * full), the connection's socket is paused, so the database waits instead of the server
 * buffering the folder. If `each` fails, the connection is closed, which stops the statement,
 * and its error is what this rejects with.
 *
 * The whole read is one statement, so the pool's statement timeout (30 s) would cut a reader
 * on a slow link; the read has `timeoutMs` instead. A statement waiting on a paused socket is not
 * cancelled by the database, so the bound is kept by the driver, and the connection closed.
 */
export async function streamRows<T extends pg.QueryResultRow>(
  pool: pg.Pool,
  compiled: CompiledQuery,
  batchSize: number,
  each: (rows: T[]) => Promise<void>,
  timeoutMs = STREAM_TIMEOUT_MS,
): Promise<void> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query(`begin read only; set local enable_sort = off; set local statement_timeout = ${timeoutMs}`);
    await readRows(client, compiled, batchSize, each, timeoutMs);
    await client.query('commit');
  } catch (error) {
    failure = asError(error);
    throw failure;
  } finally {
    // A connection that failed mid-statement (or was closed to stop one) is not handed out again.
    client.release(failure);
  }
}

/** pg's Query as its client leaves it once sent: what pg calls back, if anything, when it ends. */
type SentQuery = { callback?: ((error: Error | null) => void) | undefined };

function readRows<T extends pg.QueryResultRow>(
  client: pg.PoolClient,
  compiled: CompiledQuery,
  batchSize: number,
  each: (rows: T[]) => Promise<void>,
  timeoutMs: number,
): Promise<void> {
  const socket = client.connection.stream;
  return new Promise<void>((resolve, reject) => {
    let batch: T[] = [];
    let handed = Promise.resolve();
    let failed: Error | undefined;
    /** Stops the read: closing the connection ends the statement, and pg reports the query's error. */
    const fail = (error: unknown) => {
      failed ??= asError(error);
      socket.destroy();
    };
    const hand = () => {
      const rows = batch;
      batch = [];
      socket.pause();
      handed = handed
        .then(() => (failed ? undefined : each(rows)))
        // Resumed on the next turn of the event loop: resumed at once, the socket's reads of one
        // turn (up to 2 MB, 6,000 rows) were parsed back to back, stalling other requests for
        // 50-150 ms on a slow host. A turn now handles one batch, as a FETCH's answer did.
        .then(() => {
          setImmediate(() => socket.resume());
        }, fail);
    };
    // The driver's own read timeout (the pool's, a little over the statement timeout) is set past
    // this read's, which keeps its own timer.
    const query = Object.assign(new pg.Query<T>({ text: compiled.sql, values: compiled.params }), {
      query_timeout: timeoutMs + 60_000,
    });
    const timer = setTimeout(() => fail(new Error(`Streamed read took longer than ${timeoutMs} ms`)), timeoutMs);
    let pgDone: SentQuery['callback'];
    const settle = (error: Error | null) => {
      clearTimeout(timer);
      pgDone?.(error);
      void handed.then(() => {
        if (failed ?? error) reject(failed ?? error);
        else resolve();
      });
    };
    query.on('row', (row) => {
      if (failed) return;
      batch.push(row);
      if (batch.length >= batchSize) hand();
    });
    query.on('error', settle);
    query.on('end', () => {
      if (batch.length) hand();
      settle(null);
    });
    client.query(query);
    // With a read timeout, pg gives the query a callback that clears its timer. While a query has a
    // callback, pg keeps every row it reads and reports errors only there: the callback is taken
    // off and called when the query ends.
    const sent = query as SentQuery;
    pgDone = sent.callback;
    sent.callback = undefined;
  });
}
