import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Query, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { releaseOnFailedBegin } from './release-on-failed-begin';
import * as schema from './schema';
import { streamRows } from './stream-rows';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle offers the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** Runs raw SQL and returns its rows; both drivers answer with a `rows` array. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * queryRows for a statement whose best plan does not depend on its values (a page read among
 * known ids): sent as a named statement, named after its text, so PostgreSQL parses it once per
 * connection and, once its plan proves as good as a fresh one, stops planning it. A plan costs
 * more than running such a statement on a table with many indexes. Sent unnamed when prepared
 * statements are off (sendUnnamed).
 */
export async function queryRowsPrepared<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const compiled = dialect.sqlToQuery(query);
  return runNamed<T>(db, compiled, statementName(compiled.sql), {});
}

/**
 * A statement built and compiled once, its values given on each call by name (drizzle's
 * sql.placeholder), then run as queryRowsPrepared runs it: for a hot read whose text never
 * changes, building and compiling it was most of the server's own work on it.
 */
export function preparedStatement<T>(build: () => SQL): (db: DbOrTx, values: Record<string, unknown>) => Promise<T[]> {
  let statement: { compiled: Query; name: string } | undefined;
  return (db, values) => {
    if (!statement) {
      const compiled = dialect.sqlToQuery(build());
      statement = { compiled, name: statementName(compiled.sql) };
    }
    return runNamed<T>(db, statement.compiled, statement.name, values);
  };
}

/**
 * A fragment compiled to text once, its values written into it as literals (our own constants,
 * never a caller's): a large fragment every request repeats (a page's select list) then costs
 * one string instead of walking its tree again on every request.
 */
export function compiledFragment(fragment: SQL): SQL {
  return sql.raw(dialect.sqlToQuery(fragment.inlineParams()).sql);
}

const statementName = (text: string) => `q_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;

async function runNamed<T>(
  db: DbOrTx,
  compiled: Query,
  statement: string,
  values: Record<string, unknown>,
): Promise<T[]> {
  let name: string | undefined = statement;
  // PostgreSQL keeps a prepared statement as long as the connection: past this many texts, the
  // rest go unnamed, so a connection never holds more than PREPARED_TEXTS_KEPT of them.
  if (!preparedNames.has(name)) {
    if (preparedNames.size >= PREPARED_TEXTS_KEPT) name = undefined;
    else preparedNames.add(name);
  }
  const result = (await db._.session.prepareQuery(compiled, undefined, name, false).execute(values)) as { rows: T[] };
  return result.rows;
}

export const PREPARED_TEXTS_KEPT = 200;
const preparedNames = new Set<string>();

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Subscribes to a PostgreSQL notification channel; returns the unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * The connection notifications arrive over: undefined while none is up (notifications sent
   * meanwhile are lost), a new number after every reconnection. What was kept because nothing was
   * heard to end it holds only while this stays the same (MemberCache). PGlite: always 0.
   */
  listenerEpoch(): number | undefined;
  close(): Promise<void>;
  /** connections of the pool (PGlite: its one connection and the statements queued for it), for metrics */
  poolStats(): PoolStats;
  /**
   * PostgreSQL only (PGlite runs statements on the event loop, one at a time): a long read-only
   * statement's rows handed over in batches as they arrive, on a connection of its own
   * (stream-rows.ts).
   */
  streamRows?<T extends pg.QueryResultRow>(
    query: SQL,
    batchSize: number,
    each: (rows: T[]) => Promise<void>,
    timeoutMs?: number,
  ): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  /** requests waiting for a connection */
  waiting: number;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data folder; 'memory://' for an in-memory database */
  pgliteDir?: string;
  poolSize?: number;
  /**
   * PostgreSQL only: the longest a statement may run (the server cancels it), the client giving
   * up a little later on a connection that no longer answers. Unset for migrations, which may
   * legitimately run long.
   */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL only: how long an unused connection stays open. Default pg's 10 s, for tools and
   * tests; the server passes SERVER_IDLE_CONNECTION_MS.
   */
  idleConnectionMs?: number;
  /**
   * PostgreSQL only: false sends every statement unnamed, for a transaction-mode pooler
   * (PgBouncer before 1.21) that hands each transaction to any server connection, where a
   * statement prepared on another one does not exist. Default true.
   */
  preparedStatements?: boolean;
  /**
   * PostgreSQL only: where the one LISTEN connection goes. LISTEN needs a session of its own,
   * which a transaction-mode pooler does not keep: point this at the server itself. Default: databaseUrl.
   */
  listenUrl?: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres({ ...options, databaseUrl: options.databaseUrl });
  return openPglite(options.pgliteDir ?? 'memory://');
}

/**
 * How long the server keeps an unused connection. A new connection's first statement on each
 * table reads the catalogue again: a search by order id took 16-42 ms on the first request after
 * 12 s without traffic and 3 ms after, so staff clicking every few seconds kept paying it while
 * pg closed connections idle for 10 s. Ten connections an instance are kept instead.
 */
export const SERVER_IDLE_CONNECTION_MS = 10 * 60_000;

/** How long a new connection may take: an unreachable database fails requests in seconds. */
const CONNECT_TIMEOUT_MS = 3000;

async function openPostgres(options: DatabaseOptions & { databaseUrl: string }): Promise<Database> {
  const { databaseUrl: url, statementTimeoutMs } = options;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...(options.idleConnectionMs ? { idleTimeoutMillis: options.idleConnectionMs } : {}),
    // A transaction left open by a stuck request must not hold its locks for ever.
    idle_in_transaction_session_timeout: 60_000,
    ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + 5000 } : {}),
  });
  // A dropped connection must not take the process down; the pool replaces it. The pool only
  // listens to idle clients: a checked-out one (a transaction between two statements) that loses
  // its connection emits 'error' with nobody listening, which ended the process.
  pool.on('error', () => undefined);
  releaseOnFailedBegin(pool);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    if (options.preparedStatements === false) sendUnnamed(client);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const listener = createListener(options.listenUrl ?? url, handlers);
  return {
    db,
    engine: 'postgres',
    async listen(channel, onMessage) {
      const isNew = !handlers.has(channel);
      if (isNew) handlers.set(channel, new Set());
      handlers.get(channel)?.add(onMessage);
      const client = await listener.connected();
      if (isNew) await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      return async () => {
        handlers.get(channel)?.delete(onMessage);
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    listenerEpoch: () => listener.epoch(),
    async close() {
      await listener.close();
      await pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    streamRows: (query, batchSize, each, timeoutMs) =>
      streamRows(pool, dialect.sqlToQuery(query), batchSize, each, timeoutMs),
  };
}

/**
 * Drops the name of every statement this connection sends, so none is prepared for later: the
 * queries built once with `.prepare(name)` then run as unnamed statements (parsed each time).
 * Done on the connection, it covers pool queries and transactions alike.
 */
function sendUnnamed(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const unnamed = (config: unknown, ...rest: unknown[]) => {
    const isNamedConfig = typeof config === 'object' && config !== null && 'name' in config && !('submit' in config);
    return query(isNamedConfig ? { ...config, name: undefined } : config, ...rest);
  };
  client.query = unnamed as typeof client.query;
}

/**
 * The one connection that LISTENs. When it is lost (the database restarted, the connection was
 * terminated) it is opened again, with a growing pause, and listens to every channel again.
 * Notifications sent meanwhile are lost, so every handler is then called once: the mail worker
 * looks for due mail and consoles refresh their counts.
 */
function createListener(url: string, handlers: Map<string, Set<(payload: string) => void>>) {
  let current: Promise<pg.Client> | undefined;
  let isClosed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  // which connection is listening now; undefined while none is
  let epochs = 0;
  let liveEpoch: number | undefined;

  const open = async (isReconnect: boolean): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client.on('error', () => undefined);
    client.on('notification', (msg) => {
      for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
    });
    let isConnected = false;
    let ended = false;
    client.on('end', () => {
      ended = true;
      if (isConnected) liveEpoch = undefined;
      if (isClosed || !isConnected) return;
      current = undefined;
      reconnect(500);
    });
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      isConnected = true;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (isReconnect) for (const set of handlers.values()) for (const handler of set) handler('');
    // The connection could have ended during the handlers (its 'end' then already ran).
    if (!isClosed && !ended) liveEpoch = ++epochs;
    return client;
  };

  const reconnect = (delayMs: number) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (isClosed || current) return;
      current = open(true);
      current.catch(() => {
        current = undefined;
        reconnect(Math.min(delayMs * 2, 30_000));
      });
    }, delayMs);
    retryTimer.unref();
  };

  return {
    connected(): Promise<pg.Client> {
      if (!current) {
        current = open(false);
        current.catch(() => {
          current = undefined;
        });
      }
      return current;
    },
    epoch: () => liveEpoch,
    async close() {
      isClosed = true;
      liveEpoch = undefined;
      clearTimeout(retryTimer);
      const client = await current?.catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}

async function openPglite(dir: string): Promise<Database> {
  const isOnDisk = !dir.startsWith('memory://');
  if (isOnDisk) mkdirSync(path.resolve(dir), { recursive: true });
  const releaseLock = isOnDisk ? lockDataFolder(path.resolve(dir)) : () => undefined;
  let client: PGlite;
  try {
    client = await PGlite.create(dir, { extensions: { pg_trgm }, relaxedDurability: false });
  } catch (error) {
    releaseLock();
    throw error;
  }
  // PGlite starts its backend with enable_seqscan off (pg_settings names the command line), so
  // its planner walked a trigram index even for a term in a third of the orders, where reading
  // orders until the search's count cap is reached costs a fraction: PostgreSQL's own planning.
  await client.exec('set enable_seqscan = on');
  const queue = yieldBetweenStatements(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    async listen(channel, onMessage) {
      return client.listen(channel, onMessage);
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    // One process: a notification is delivered as its statement commits.
    listenerEpoch: () => 0,
    async close() {
      await client.close();
      releaseLock();
    },
    poolStats: () => ({ total: 1, idle: queue.pending === 0 ? 1 : 0, waiting: Math.max(0, queue.pending - 1) }),
  };
}

/**
 * PGlite runs each statement synchronously on this thread, and hands its lock from one waiting
 * statement to the next without returning to the event loop: under concurrent requests the loop
 * starved for seconds (no new connection accepted, no timer, SIGTERM handled only once the queue
 * was empty, and @fastify/under-pressure answering 503 to moderate load). Statements now take
 * turns through a queue that lets the event loop run between two of them. The order is PGlite's
 * own: one statement or one whole transaction at a time.
 */
function yieldBetweenStatements(client: PGlite): { readonly pending: number } {
  let turn: Promise<unknown> = Promise.resolve();
  // statements (or transactions) running or waiting for their turn
  let pending = 0;
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    pending += 1;
    const result = turn.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(work);
    turn = result.catch(() => undefined);
    void turn.then(() => {
      pending -= 1;
    });
    return result;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = <T>(...args: Parameters<PGlite['query']>) => inTurn(() => query<T>(...args));
  client.exec = (...args: Parameters<PGlite['exec']>) => inTurn(() => exec(...args));
  client.transaction = <T>(callback: Parameters<PGlite['transaction']>[0]) =>
    inTurn(() => transaction<T>(callback as never));
  return {
    get pending() {
      return pending;
    },
  };
}

/**
 * A PGlite folder opened by two processes at once is corrupted, and nothing in PGlite prevents
 * it: a lock file with the owner's pid does. A lock whose process is gone (a crash) is taken over.
 */
export function lockDataFolder(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  const owner = Number.parseInt(readLock(lockFile), 10);
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new Error(`The database folder ${dir} is in use by process ${owner}: stop it first.`);
  }
  writeFileSync(lockFile, String(process.pid));
  return () => {
    if (readLock(lockFile) === String(process.pid)) rmSync(lockFile, { force: true });
  };
}

function readLock(lockFile: string): string {
  try {
    return readFileSync(lockFile, 'utf8').trim();
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
