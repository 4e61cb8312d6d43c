import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Config } from '../../config';
import { lockDataFolder } from '../../db/client';
import { COUNTED_TABLES, DOCUMENTS_DIR, isEmptyFolder, readManifest, runPgTool, sha256File } from './backup-files';

type RestoreConfig = Pick<Config, 'dataDir' | 'DATABASE_URL'>;

export interface RestoreResult {
  engine: 'pglite' | 'postgres';
  counts: Record<string, number>;
  documents: number;
}

const countQuery = COUNTED_TABLES.map((table) => `(select count(*)::int from ${table}) as ${table}`).join(', ');

/**
 * Restores a backup of `createBackup` into this configuration's database and documents folder.
 * Both must be empty unless `force` (then they are replaced). Every document is checked against
 * its SHA-256 and every table against the row count of the manifest.
 */
export async function restoreBackup(
  config: RestoreConfig,
  from: string,
  { force = false } = {},
): Promise<RestoreResult> {
  const manifest = await readManifest(from);
  const engine = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.engine !== engine) {
    throw new Error(`This is a ${manifest.engine} backup; set DATABASE_URL accordingly to restore it.`);
  }

  // Everything is checked before anything is written.
  const documentsDir = path.join(config.dataDir, 'documents');
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!force) {
    if (!(await isEmptyFolder(documentsDir))) throw new Error(`The documents folder ${documentsDir} is not empty.`);
    if (config.DATABASE_URL ? !(await isEmptyPostgres(config.DATABASE_URL)) : !(await isEmptyFolder(pgliteDir))) {
      throw new Error('The database is not empty.');
    }
  }

  let documents = 0;
  if (manifest.documents.storage === 'local') {
    const target = documentsDir;
    await mkdir(target, { recursive: true, mode: 0o700 });
    for (const file of manifest.documents.files) {
      const copy = path.join(target, file.name);
      await copyFile(path.join(from, DOCUMENTS_DIR, file.name), copy);
      if ((await sha256File(copy)) !== file.sha256)
        throw new Error(`Document ${file.name} does not match its SHA-256.`);
      documents += 1;
    }
  }

  const counts = config.DATABASE_URL
    ? await restorePostgres(config.DATABASE_URL, path.join(from, manifest.database), force)
    : await restorePglite(pgliteDir, path.join(from, manifest.database));
  for (const table of COUNTED_TABLES) {
    if (counts[table] !== manifest.counts[table]) {
      throw new Error(`Restored ${counts[table]} rows of ${table}, the backup has ${manifest.counts[table]}.`);
    }
  }
  return { engine, counts, documents };
}

async function restorePglite(dir: string, archive: string): Promise<Record<string, number>> {
  // One process per PGlite folder: this refuses while the server has it open.
  const release = lockDataFolder(dir);
  try {
    await rm(dir, { recursive: true, force: true });
    const client = await PGlite.create(dir, {
      extensions: { pg_trgm },
      loadDataDir: new Blob([await readFile(archive)]),
    });
    try {
      return (await client.query<Record<string, number>>(`select ${countQuery}`)).rows[0] ?? {};
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

async function restorePostgres(databaseUrl: string, dump: string, force: boolean): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await runPgTool('pg_restore', databaseUrl, [
      '--no-owner',
      '--exit-on-error',
      ...(force ? ['--clean', '--if-exists'] : []),
      dump,
    ]);
    return (await client.query<Record<string, number>>(`select ${countQuery}`)).rows[0] ?? {};
  } finally {
    await client.end();
  }
}

async function isEmptyPostgres(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      `select count(*)::int as tables from information_schema.tables where table_schema = 'public'`,
    );
    return (rows[0]?.tables ?? 0) === 0;
  } finally {
    await client.end();
  }
}
