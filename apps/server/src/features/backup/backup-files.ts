import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { TEMP_PREFIX } from '../documents';

export const MANIFEST = 'manifest.json';
export const PGLITE_ARCHIVE = 'pglite.tar.gz';
export const POSTGRES_DUMP = 'database.dump';
export const DOCUMENTS_DIR = 'documents';

export interface BackupFile {
  name: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: 1;
  createdAt: string;
  engine: 'pglite' | 'postgres';
  /** the database file inside the backup folder */
  database: string;
  /** row counts when the backup was taken, for a quick look and for the restore check */
  counts: Record<string, number>;
  documents: { storage: 'local'; files: BackupFile[] } | { storage: 's3'; bucket: string };
}

/** Tables whose rows a restore must bring back (counted into the manifest). */
export const COUNTED_TABLES = [
  'orders',
  'order_other_names',
  'documents',
  'remarks',
  'mail_messages',
  'download_history',
  'order_activity',
  'staff',
  'audit_log',
] as const;

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Copies every stored document (not the temp files of uploads in progress) with its SHA-256. */
export async function copyDocuments(from: string, to: string): Promise<BackupFile[]> {
  await mkdir(to, { recursive: true, mode: 0o700 });
  const names = (await readdir(from).catch(() => [] as string[])).filter((n) => !n.startsWith(TEMP_PREFIX)).sort();
  const files: BackupFile[] = [];
  for (const name of names) {
    const source = path.join(from, name);
    const info = await stat(source);
    if (!info.isFile()) continue;
    await copyFile(source, path.join(to, name));
    files.push({ name, size: info.size, sha256: await sha256File(path.join(to, name)) });
  }
  return files;
}

export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format in ${dir}`);
  return manifest;
}

/** An empty or missing folder: a backup or restore never overwrites anything silently. */
export async function isEmptyFolder(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  return entries.length === 0;
}

const run = promisify(execFile);

/**
 * Runs pg_dump / pg_restore against a connection URL. The password goes in PGPASSWORD, not on
 * the command line, where every user of the machine could read it.
 */
export async function runPgTool(tool: 'pg_dump' | 'pg_restore', databaseUrl: string, args: string[]): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  try {
    await run(tool, [...args, '--dbname', url.toString()], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: string };
    if (code === 'ENOENT') throw new Error(`${tool} was not found: install the PostgreSQL client tools.`);
    throw new Error(`${tool} failed: ${stderr?.trim() || (error as Error).message}`);
  }
}
