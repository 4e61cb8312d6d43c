import { PassThrough, type Readable } from 'node:stream';
import { and, type SQL } from 'drizzle-orm';
import { type Database, type DbOrTx, queryRows } from '../../db/client';
import { joinedBytes } from '../../lib/joined-bytes';
import {
  type FindFolderOrdersOptions,
  nextCursorOf,
  type PageIdsQuery,
  pageQuery,
  planFolderPage,
  type RawRow,
  shownRowJson,
} from './find-folder-orders';
import { afterCursor } from './folder-cursor';

/**
 * 'All' of a folder in one answer: the list envelope written as the rows arrive, so neither the
 * server nor the event loop holds the whole folder at once. Only the fields the folder's table
 * shows are read, each row as JSON text made by the database (shownRowJson). On PostgreSQL the
 * rows come from one statement read as it runs (one snapshot for the whole answer; the database
 * waits while the reader is slow: db/stream-rows.ts); on PGlite, whose one connection a long
 * transaction would hold, from keyset chunks that follow the last row.
 */

/** Rows written at a time on PostgreSQL (PGlite reads PGLITE_CHUNK, its statements running on the event loop). */
export const STREAM_CHUNK = 1000;
const PGLITE_CHUNK = 500;

/** A row as streamed: its JSON text, made by the database, and its sort key for the cursor. */
interface StreamRow extends Pick<RawRow, 'cursor_key' | 'order_id'> {
  row_json: string;
}

type Chunks = AsyncGenerator<StreamRow[], void, undefined>;

async function* keysetChunks(db: DbOrTx, query: PageIdsQuery): Chunks {
  let left = query.limit;
  let where = query.where;
  let offset = query.offset;
  while (left > 0) {
    const limit = Math.min(PGLITE_CHUNK, left);
    const rows = await queryRows<StreamRow>(db, pageQuery({ ...query, where, offset, limit }));
    if (rows.length) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < limit) return;
    left -= rows.length;
    offset = 0;
    where = and(query.where, afterCursor(query.ordering, { key: last.cursor_key, id: Number(last.order_id) })) as SQL;
  }
}

/** Writes and waits while the socket's buffer is full; false once the reader went away. */
function write(out: PassThrough, chunk: string | Buffer): Promise<boolean> {
  if (out.destroyed) return Promise.resolve(false);
  if (out.write(chunk)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => () => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      resolve(ok);
    };
    const onDrain = done(true);
    const onClose = done(false);
    out.once('drain', onDrain);
    out.once('close', onClose);
  });
}

class ReaderGone extends Error {}

/**
 * The answer of the list call for `options` (perPage rows at most), as a stream of the same
 * envelope: {status, message, data, total, totalCapped, nextCursor}. Errors before the first byte
 * reject; later ones end the stream early (the client sees a broken answer, not a partial one).
 */
export async function streamFolderOrders(database: Database, options: FindFolderOrdersOptions): Promise<Readable> {
  const db = database.db;
  const { query: shown, total } = await planFolderPage(db, options, shownRowJson);
  const counted = total();
  // Fails here (a 500 in the usual envelope) rather than after the first byte.
  await counted;
  const out = new PassThrough();
  let written = 0;
  let last: StreamRow | undefined;
  const each = async (rows: StreamRow[]) => {
    const bytes = joinedBytes(
      written ? ',' : '',
      rows.map((row) => row.row_json),
      '',
    );
    if (!(await write(out, bytes))) throw new ReaderGone();
    written += rows.length;
    last = rows.at(-1);
  };
  void (async () => {
    try {
      await write(out, '{"status":1,"message":"Orders loaded.","data":[');
      if (database.streamRows) await database.streamRows(pageQuery(shown), STREAM_CHUNK, each);
      else for await (const rows of keysetChunks(db, shown)) await each(rows);
      const { total: count, totalCapped } = await counted;
      const next = nextCursorOf(last, written === shown.limit);
      await write(out, `],"total":${count},"totalCapped":${totalCapped},"nextCursor":${JSON.stringify(next)}}`);
      out.end();
    } catch (error) {
      out.destroy(error instanceof ReaderGone ? undefined : (error as Error));
    }
  })();
  return out;
}
