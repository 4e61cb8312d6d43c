import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

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

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Subscribes to a PostgreSQL notification channel; returns the unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data folder; 'memory://' for an in-memory database */
  pgliteDir?: string;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir ?? 'memory://');
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  // A dropped connection must not take the process down; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  return {
    db,
    engine: 'postgres',
    async listen(channel, onMessage) {
      if (!listener) {
        listener = new pg.Client({ connectionString: url });
        listener.on('error', () => undefined);
        listener.on('notification', (msg) => {
          for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? '');
        });
        await listener.connect();
      }
      if (!handlers.has(channel)) {
        handlers.set(channel, new Set());
        await listener.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      }
      handlers.get(channel)?.add(onMessage);
      return async () => {
        handlers.get(channel)?.delete(onMessage);
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

async function openPglite(dir: string): Promise<Database> {
  if (!dir.startsWith('memory://')) mkdirSync(path.resolve(dir), { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, relaxedDurability: false });
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
    async close() {
      await client.close();
    },
  };
}
