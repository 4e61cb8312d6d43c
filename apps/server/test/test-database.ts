import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, type DatabaseOptions, openDatabase, queryRows } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';

export const testEngine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite';

export interface TestDatabase extends Database {
  /** Empties every table, so each test starts from nothing. */
  reset(): Promise<void>;
  /** Drops the database made for this file (PostgreSQL) or closes PGlite. */
  destroy(): Promise<void>;
}

/**
 * Options for a database of the test server. Through a transaction-mode pooler (TEST_DATABASE_URL
 * at PgBouncer) set DATABASE_PREPARED_STATEMENTS=off and TEST_DATABASE_LISTEN_URL at the server
 * itself: LISTEN then goes to the same database name there.
 */
export function testDatabaseOptions(databaseUrl: string, poolSize: number): DatabaseOptions {
  const listenBase = process.env.TEST_DATABASE_LISTEN_URL;
  let listenUrl: string | undefined;
  if (listenBase) {
    const url = new URL(listenBase);
    url.pathname = new URL(databaseUrl).pathname;
    listenUrl = url.toString();
  }
  return {
    databaseUrl,
    poolSize,
    preparedStatements: process.env.DATABASE_PREPARED_STATEMENTS !== 'off',
    listenUrl,
  };
}

/**
 * One migrated database per test file: in-memory PGlite, or a fresh database on the PostgreSQL
 * server of TEST_DATABASE_URL when the suite runs on PostgreSQL.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  let database: Database;
  let dropDatabase = async () => undefined as unknown;
  if (testEngine === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is required when TEST_DB_ENGINE=postgres');
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase(testDatabaseOptions(url.toString(), 5));
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    database = await openDatabase({ pgliteDir: 'memory://' });
  }
  await migrateDatabase(database);
  return {
    ...database,
    async reset() {
      const rows = await queryRows<{ tablename: string }>(
        database.db,
        // order_list_version only grows (migration 0015): emptied, a cached list anchor could match again.
        sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '__drizzle%'
          and tablename <> 'order_list_version'`,
      );
      const tables = rows.map((r) => `"${r.tablename}"`);
      if (!tables.length) return;
      const truncate = sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`);
      // A write the previous test left in flight (an audit row written after its answer) can lock
      // a table TRUNCATE is still waiting for: PostgreSQL then cancels one of the two as a
      // deadlock. The write finishes; the reset tries again.
      for (let attempt = 1; ; attempt++) {
        try {
          await database.db.execute(truncate);
          return;
        } catch (error) {
          if (attempt >= 5 || !isDeadlock(error)) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
        }
      }
    },
    async destroy() {
      await database.close();
      await dropDatabase();
    },
  };
}

/** SQLSTATE 40P01, on the error or (as drizzle wraps it) on its cause. */
function isDeadlock(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '40P01') return true;
  }
  return false;
}
