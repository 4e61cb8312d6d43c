import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../apps/server/src/db/client';
import { disableRollupTriggers, rebuildRollup, type SeedPlan, seedDemoData } from '../../apps/server/src/db/seed';
import { pickSurname, planTimeline, SCENARIOS, type Scenario } from './distribution';

export const FIRST_ORDER_ID = 100_001;
const BATCH = 2_000;

export interface SeedBenchOptions {
  orders: number;
  seed: number;
  now: Date;
  concurrency: number;
  log: (message: string) => void;
}

/** Tables the load writes to: their secondary indexes are built once, after the load. */
const LOADED_TABLES = ['orders', 'order_other_names', 'documents', 'mail_messages', 'download_history', 'remarks'];

/**
 * Loads the benchmark's data set with the product's own demo generator (every order's history
 * run through the transition table, as `npm run seed` does), shaped by the benchmark's plan: two
 * years of trading, order ids growing with creation time from FIRST_ORDER_ID, skewed surnames.
 */
export async function seedBenchData(db: Db, options: SeedBenchOptions): Promise<void> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const timeline = planTimeline(options.orders, options.seed, options.now);
  const plan: SeedPlan = {
    firstOrderId: FIRST_ORDER_ID,
    orderAt: (index) => ({
      scenario: SCENARIOS[timeline.scenario[index] as number] as Scenario,
      createdMs: timeline.createdMs[index] as number,
    }),
    lastName: pickSurname,
  };
  // The demo accounts and settings first, so dropping the indexes below spares the staff table.
  await seedDemoData(db, { orders: 0, seed: options.seed, now: options.now });
  const indexes = await dropSecondaryIndexes(db);
  await disableRollupTriggers(db);
  await seedDemoData(db, {
    orders: options.orders,
    seed: options.seed,
    now: options.now,
    plan,
    batchSize: BATCH,
    concurrency: options.concurrency,
    // The rollup is rebuilt once below, after the indexes.
    rebuildRollup: false,
    log: (message) => options.log(`${message} (${elapsed()})`),
  });

  const lastId = FIRST_ORDER_ID + options.orders - 1;
  await db.execute(sql`select setval('order_id_seq', ${Math.max(lastId, FIRST_ORDER_ID)}, ${options.orders > 0})`);
  options.log(`building ${indexes.length} indexes (${elapsed()})`);
  for (const definition of indexes) await db.execute(sql.raw(definition));
  await rebuildRollup(db);
  options.log(`vacuum and analyze (${elapsed()})`);
  // Visibility map and statistics, as autovacuum leaves a table that has settled in production:
  // every table, so that a rollup added later is not measured unanalysed (the report rollups were
  // once left out, and read at half their speed).
  await db.execute(sql.raw('VACUUM (ANALYZE)'));
  options.log(`data set ready (${elapsed()})`);
}

/** Drops the indexes that back no constraint and returns their definitions to rebuild them. */
async function dropSecondaryIndexes(db: Db): Promise<string[]> {
  const tables = [...LOADED_TABLES, 'order_activity'];
  const rows = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      where i.indrelid::regclass::text in ${tables}
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  for (const row of rows) await db.execute(sql.raw(`DROP INDEX ${row.name}`));
  return rows.map((r) => r.definition);
}
