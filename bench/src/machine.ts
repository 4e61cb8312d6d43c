import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../apps/server/src/db/client';

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  database: string;
  /** PostgreSQL settings that shape these numbers */
  settings: Record<string, string>;
  loadAtStart: number[];
  /** time of a fixed CPU-bound loop at the start: compares the CPU share runs had on a shared machine */
  cpuProbeMs: number;
}

/** A fixed amount of arithmetic: its time compares the CPU share different runs had. */
export function cpuProbe(): number {
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < 300_000_000; i++) x += i % 7;
  if (x < 0) throw new Error('unreachable');
  return Math.round(performance.now() - started);
}

function pgliteVersion(): string {
  try {
    const url = new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url);
    return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export async function describeMachine(database: Database): Promise<Machine> {
  const [version] = await queryRows<{ v: string }>(database.db, sql`select version() as v`);
  const settings = await queryRows<{ name: string; setting: string; unit: string | null }>(
    database.db,
    sql`select name, setting, unit from pg_settings
      where name in ('shared_buffers', 'work_mem', 'effective_cache_size', 'max_parallel_workers_per_gather',
        'synchronous_commit', 'random_page_cost', 'jit')`,
  );
  const pgVersion = (version?.v ?? '').split(' on ')[0] ?? '';
  return {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    database: database.engine === 'pglite' ? `PGlite ${pgliteVersion()} (${pgVersion})` : pgVersion,
    settings: Object.fromEntries(settings.map((s) => [s.name, s.unit ? `${s.setting} × ${s.unit}` : s.setting])),
    loadAtStart: loadavg().map((l) => Math.round(l * 100) / 100),
    cpuProbeMs: cpuProbe(),
  };
}
