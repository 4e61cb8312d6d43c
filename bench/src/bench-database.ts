import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, queryRows } from '../../apps/server/src/db/client';
import { migrateDatabase } from '../../apps/server/src/db/migrate';
import { settings } from '../../apps/server/src/db/schema';
import type { Engine } from './options';
import { seedBenchData } from './seed-orders';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/nzeta_bench';
/** Bumped whenever the data set's shape changes, so --reuse never measures an older one. */
const DATA_SET_VERSION = 2;
const MARKER_KEY = 'benchDataSet';

export interface BenchDatabaseTarget {
  engine: Engine;
  /** PostgreSQL connection string (engine postgres) */
  url?: string;
  /** PGlite data folder (engine pglite) */
  dir?: string;
}

export function targetFor(engine: Engine): BenchDatabaseTarget {
  if (engine === 'postgres') return { engine, url: process.env.DATABASE_URL || DEFAULT_DATABASE_URL };
  return { engine, dir: path.join(tmpdir(), 'nzeta-bench-pglite') };
}

export function openTarget(target: BenchDatabaseTarget): Promise<Database> {
  return openDatabase({ databaseUrl: target.url, pgliteDir: target.dir });
}

interface Marker {
  version: number;
  seed: number;
  orders: number;
  seededAt: string;
}

export interface PrepareOptions {
  orders: number;
  seed: number;
  reuse: boolean;
  log: (message: string) => void;
}

/** A migrated database holding exactly the requested data set: reused when allowed, else rebuilt. */
export async function prepareDatabase(target: BenchDatabaseTarget, options: PrepareOptions): Promise<Marker> {
  if (options.reuse) {
    const existing = await readMarker(target);
    if (
      existing &&
      existing.version === DATA_SET_VERSION &&
      existing.seed === options.seed &&
      existing.orders === options.orders
    ) {
      options.log(`reusing the data set seeded ${existing.seededAt}`);
      return existing;
    }
    options.log('no matching data set to reuse: seeding');
  }
  await dropDatabase(target);
  await createDatabase(target);
  const database = await openTarget(target);
  try {
    await migrateDatabase(database);
    const marker: Marker = {
      version: DATA_SET_VERSION,
      seed: options.seed,
      orders: options.orders,
      seededAt: new Date().toISOString(),
    };
    await seedBenchData(database.db, {
      orders: options.orders,
      seed: options.seed,
      now: new Date(marker.seededAt),
      concurrency: target.engine === 'postgres' ? 3 : 1,
      log: options.log,
    });
    await database.db.insert(settings).values({ key: MARKER_KEY, value: marker });
    return marker;
  } finally {
    await database.close();
  }
}

async function readMarker(target: BenchDatabaseTarget): Promise<Marker | undefined> {
  if (target.engine === 'postgres' && !(await postgresDatabaseExists(target))) return undefined;
  const database = await openTarget(target);
  try {
    const [table] = await queryRows<{ name: string | null }>(
      database.db,
      sql`select to_regclass('settings')::text as name`,
    );
    if (!table?.name) return undefined;
    const [row] = await database.db.select().from(settings).where(eq(settings.key, MARKER_KEY));
    if (!row) return undefined;
    const [count] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from orders`);
    const marker = row.value as Marker;
    return count?.n === marker.orders ? marker : undefined;
  } finally {
    await database.close();
  }
}

/** The benchmark drops and recreates its database: it refuses one not named for it. */
function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!/^[\w-]+$/.test(name) || !name.includes('bench')) {
    throw new Error(
      `The benchmark recreates its database; "${name}" does not look like one (its name must contain "bench").`,
    );
  }
  return name;
}

/** The same server's maintenance database, to create and drop the benchmark's one. */
async function withAdminClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function postgresDatabaseExists(target: BenchDatabaseTarget): Promise<boolean> {
  const url = target.url as string;
  return withAdminClient(url, async (client) => {
    const result = await client.query('select 1 from pg_database where datname = $1', [databaseName(url)]);
    return (result.rowCount ?? 0) > 0;
  });
}

async function createDatabase(target: BenchDatabaseTarget): Promise<void> {
  if (target.engine !== 'postgres') return;
  const url = target.url as string;
  await withAdminClient(url, (client) => client.query(`CREATE DATABASE "${databaseName(url)}"`));
}

/** Removes the benchmark database (PostgreSQL) or data folder (PGlite); results are kept. */
export async function dropDatabase(target: BenchDatabaseTarget): Promise<void> {
  if (target.engine === 'pglite') {
    rmSync(target.dir as string, { recursive: true, force: true });
    return;
  }
  const url = target.url as string;
  await withAdminClient(url, (client) => client.query(`DROP DATABASE IF EXISTS "${databaseName(url)}" WITH (FORCE)`));
}
