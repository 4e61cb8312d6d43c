import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type PeriodicJob, startPeriodicJob } from '../lib/periodic-job';
import type { RequestActivity } from '../lib/request-activity';
import { type Db, queryRows } from './client';

/**
 * PostgreSQL's autovacuum keeps each table's dead rows reclaimed and its planner statistics
 * current. PGlite runs no background processes, so nothing does either there: a database seeded
 * with a few demo orders kept the statistics of an empty table as it grew to thousands (the
 * search's routes, search-stats.ts, stayed off: they read those statistics), and every status
 * change left a dead row version in the table and its indexes for good. This job does both on
 * PGlite.
 *
 * PGlite keeps no activity counts (pg_stat_user_tables stays at zero: its backend never reports
 * them), so the size of each table's file stands in for autovacuum's counts of changed rows:
 * inserts grow it, and so do updates once the room earlier VACUUMs freed is used up.
 */

export interface TableSize {
  name: string;
  /** the table's pages now */
  pages: number;
  /** its pages as the last VACUUM or ANALYZE recorded them (pg_class.relpages) */
  recordedPages: number;
  /** its rows as the last VACUUM or ANALYZE counted them; -1 when neither has run */
  rows: number;
  /** whether ANALYZE has left statistics for it */
  hasStatistics: boolean;
}

/** A table has grown enough to be vacuumed past this share of its recorded pages, and 8 pages. */
export const VACUUM_GROWTH = { share: 0.1, pages: 8 } as const;
/** Its statistics are taken again once its rows differ by this share from the last analysis, and 50 rows (autovacuum's defaults). */
export const ANALYZE_CHANGE = { share: 0.1, rows: 50 } as const;

/** The tables to vacuum: never vacuumed, or grown past VACUUM_GROWTH since last recorded. */
export function tablesToVacuum(tables: readonly TableSize[]): TableSize[] {
  return tables.filter(
    ({ pages, recordedPages, rows }) =>
      pages > 0 && (rows < 0 || pages > recordedPages * (1 + VACUUM_GROWTH.share) + VACUUM_GROWTH.pages),
  );
}

/** What a process remembers between passes. */
export interface MaintenanceMemory {
  /** each table's row count at the last analysis this process saw (or at its first pass) */
  analysedRows: Map<string, number>;
  /**
   * tables vacuumed because they grew and not analysed since: a tenth more pages means about a
   * tenth of the rows were written or rewritten (an update that changes an indexed column writes
   * a new row version), autovacuum's own threshold for taking statistics again
   */
  grown: Set<string>;
}

export const newMaintenanceMemory = (): MaintenanceMemory => ({ analysedRows: new Map(), grown: new Set() });

/**
 * The tables to analyse: those without statistics that hold rows (counted, or not counted since
 * the file grew: a table analysed empty by its migration keeps a count of 0 until then), those
 * vacuumed because they grew, and those whose row count has moved past ANALYZE_CHANGE from the
 * last analysis (deletes shrink the count without growing the file). A table this process has
 * not seen analysed counts as analysed at its present count.
 */
export function tablesToAnalyze(tables: readonly TableSize[], memory: MaintenanceMemory): string[] {
  return tables
    .filter(({ name, pages, recordedPages, rows, hasStatistics }) => {
      if (pages === 0) return false;
      if (!hasStatistics) return rows !== 0 || pages > recordedPages;
      if (memory.grown.has(name)) return true;
      const analysed = memory.analysedRows.get(name);
      return (
        analysed !== undefined && Math.abs(rows - analysed) > analysed * ANALYZE_CHANGE.share + ANALYZE_CHANGE.rows
      );
    })
    .map(({ name }) => name);
}

/** The size and statistics of each table of the application's schema. */
export async function readTableSizes(db: Db): Promise<TableSize[]> {
  return queryRows<TableSize>(
    db,
    sql`select c.relname as name,
        (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages,
        c.relpages::int as "recordedPages",
        c.reltuples::float8 as rows,
        exists (select 1 from pg_statistic s where s.starelid = c.oid) as "hasStatistics"
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r'
      order by c.relname`,
  );
}

export interface MaintenanceOptions {
  /** how long no request has been in progress */
  requests: Pick<RequestActivity, 'quietForMs'>;
  /**
   * how long the server must have been without a request before a VACUUM starts: vacuuming the
   * orders of a 100,000-order database after 15,000 status changes holds PGlite for 0.7 s
   */
  vacuumAfterQuietMs: number;
  /**
   * the same before an ANALYZE, which holds PGlite longer: 15 s for the orders of a 100,000-order
   * database, whose search statistics sample every order (migrations 0019 and 0022)
   */
  analyzeAfterQuietMs: number;
}

export interface MaintenanceRun {
  vacuumed: string[];
  analyzed: string[];
}

/**
 * One pass: vacuums the tables that have grown, then analyses those whose rows have changed, one
 * statement per table so a request arriving meanwhile waits for one table only, and only while
 * the server has been without requests for a while (MaintenanceOptions). What finds the server at
 * work is left for a later pass; `memory` carries what is still due.
 */
export async function maintainTables(
  db: Db,
  memory: MaintenanceMemory,
  options: MaintenanceOptions,
): Promise<MaintenanceRun> {
  const run: MaintenanceRun = { vacuumed: [], analyzed: [] };
  if (options.requests.quietForMs() < options.vacuumAfterQuietMs) return run;
  for (const table of tablesToVacuum(await readTableSizes(db))) {
    if (options.requests.quietForMs() < options.vacuumAfterQuietMs) return run;
    await db.execute(sql`vacuum ${sql.identifier(table.name)}`);
    run.vacuumed.push(table.name);
    if (table.rows >= 0) memory.grown.add(table.name);
  }
  // VACUUM counted the rows afresh, which the analysis rule compares.
  const tables = await readTableSizes(db);
  for (const { name, rows } of tables) if (!memory.analysedRows.has(name)) memory.analysedRows.set(name, rows);
  for (const name of tablesToAnalyze(tables, memory)) {
    if (options.requests.quietForMs() < options.analyzeAfterQuietMs) break;
    await db.execute(sql`analyze ${sql.identifier(name)}`);
    run.analyzed.push(name);
    memory.grown.delete(name);
  }
  if (run.analyzed.length > 0) {
    for (const { name, rows } of await readTableSizes(db)) {
      if (run.analyzed.includes(name)) memory.analysedRows.set(name, rows);
    }
  }
  return run;
}

/**
 * A pass every minute finds the pauses: a console left open asks for its dashboard every minute,
 * so the pause an analysis waits for is half of that.
 */
const EVERY_MS = 60_000;
/** The pauses the job waits for (MaintenanceOptions). */
export const QUIET_BEFORE = { vacuumAfterQuietMs: 5_000, analyzeAfterQuietMs: 30_000 } as const;

/** Runs maintainTables at start and then every minute (PGlite only: PostgreSQL has autovacuum). */
export function startPgliteMaintenance(options: {
  db: Db;
  requests: MaintenanceOptions['requests'];
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  intervalMs?: number;
}): PeriodicJob<MaintenanceRun | undefined> {
  const memory = newMaintenanceMemory();
  return startPeriodicJob<MaintenanceRun | undefined>(
    async () => {
      const run = await maintainTables(options.db, memory, { requests: options.requests, ...QUIET_BEFORE });
      if (run.vacuumed.length + run.analyzed.length > 0) options.log.info(run, 'database maintenance');
      return run;
    },
    {
      intervalMs: options.intervalMs ?? EVERY_MS,
      onFailure: (err) => {
        options.log.error({ err }, 'database maintenance failed');
        return undefined;
      },
    },
  );
}
