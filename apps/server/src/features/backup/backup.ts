import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Config } from '../../config';
import { lockDataFolder } from '../../db/client';
import {
  type BackupManifest,
  COUNTED_TABLES,
  copyDocuments,
  DOCUMENTS_DIR,
  isEmptyFolder,
  PGLITE_ARCHIVE,
  POSTGRES_DUMP,
  runPgTool,
  writeManifest,
} from './backup-files';

type BackupConfig = Pick<Config, 'dataDir' | 'DATABASE_URL' | 'S3_BUCKET'>;

const countQuery = COUNTED_TABLES.map((table) => `(select count(*)::int from ${table}) as ${table}`).join(', ');

/**
 * A backup in `out`: the database (PGlite: its data folder as a tarball; PostgreSQL: pg_dump's
 * custom format), the uploaded documents with their SHA-256, and a manifest. The database comes
 * first: a document row in the dump always has its file on disk already (files are written before
 * their row commits), so the copy that follows holds it.
 */
export async function createBackup(config: BackupConfig, out: string): Promise<BackupManifest> {
  if (!(await isEmptyFolder(out))) throw new Error(`The backup folder ${out} is not empty.`);
  await mkdir(out, { recursive: true, mode: 0o700 });

  let manifest: BackupManifest;
  if (config.DATABASE_URL) {
    const counts = await countPostgres(config.DATABASE_URL);
    await runPgTool('pg_dump', config.DATABASE_URL, [
      '--format=custom',
      '--no-owner',
      '--file',
      path.join(out, POSTGRES_DUMP),
    ]);
    manifest = base('postgres', POSTGRES_DUMP, counts);
  } else {
    const dir = path.join(config.dataDir, 'pglite');
    // One process per PGlite folder: this refuses while the server has it open.
    const release = lockDataFolder(dir);
    try {
      const client = await PGlite.create(dir, { extensions: { pg_trgm } });
      try {
        const [counts] = (await client.query<Record<string, number>>(`select ${countQuery}`)).rows;
        const archive = await client.dumpDataDir('gzip');
        await writeFile(path.join(out, PGLITE_ARCHIVE), Buffer.from(await archive.arrayBuffer()), { mode: 0o600 });
        manifest = base('pglite', PGLITE_ARCHIVE, counts ?? {});
      } finally {
        await client.close();
      }
    } finally {
      release();
    }
  }

  manifest.documents = config.S3_BUCKET
    ? { storage: 's3', bucket: config.S3_BUCKET }
    : {
        storage: 'local',
        files: await copyDocuments(path.join(config.dataDir, 'documents'), path.join(out, DOCUMENTS_DIR)),
      };
  await writeManifest(out, manifest);
  return manifest;
}

function base(engine: BackupManifest['engine'], database: string, counts: Record<string, number>): BackupManifest {
  return {
    format: 1,
    createdAt: new Date().toISOString(),
    engine,
    database,
    counts,
    documents: { storage: 'local', files: [] },
  };
}

async function countPostgres(databaseUrl: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Record<string, number>>(`select ${countQuery}`)).rows[0] ?? {};
  } finally {
    await client.end();
  }
}
