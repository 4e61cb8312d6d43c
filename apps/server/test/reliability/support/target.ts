import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../../src/db/client';
import { migrateDatabase } from '../../../src/db/migrate';
import { testEngine } from '../../test-database';

/**
 * What a reliability test runs the real server on: a temporary data folder and, on PostgreSQL
 * (TEST_DB_ENGINE=postgres), a fresh database on the server of TEST_DATABASE_URL. The test
 * process opens the same database to prepare data and to inspect it afterwards; with PGlite
 * only while the server is not running (one process per data folder).
 */
export interface Target {
  engine: 'pglite' | 'postgres';
  dataDir: string;
  /** set on PostgreSQL */
  databaseUrl: string | undefined;
  databaseName: string | undefined;
  /** opens (and migrates) the database from the test process */
  open(): Promise<Database>;
  /** runs `use` on an open database and closes it again */
  withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T>;
  destroy(): Promise<void>;
}

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required when TEST_DB_ENGINE=postgres');
  return url;
}

export async function createDatabaseOnServer(prefix: string): Promise<{ name: string; url: string }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropDatabaseOnServer(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

export async function createTarget(prefix = 'rel'): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `nzeta-${prefix}-`));
  const created = testEngine === 'postgres' ? await createDatabaseOnServer(prefix) : undefined;
  const open = async () => {
    const database = await openDatabase(
      created ? { databaseUrl: created.url, poolSize: 4 } : { pgliteDir: path.join(dataDir, 'pglite') },
    );
    await migrateDatabase(database);
    return database;
  };
  return {
    engine: testEngine,
    dataDir,
    databaseUrl: created?.url,
    databaseName: created?.name,
    open,
    async withDatabase(use) {
      const database = await open();
      try {
        return await use(database);
      } finally {
        await database.close();
      }
    },
    async destroy() {
      if (created) await dropDatabaseOnServer(created.name);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
