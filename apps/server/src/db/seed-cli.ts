import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config';
import { loadConfig } from '../config';
import { createDocumentStorage } from '../features/documents/storage';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';
import type { SeedStorage } from './seed';
import { seedDemoData } from './seed';

/** npm run seed -- --orders N [--seed S]: demo data into the configured database. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { orders: { type: 'string', default: '300' }, seed: { type: 'string' } },
  });
  const orders = Number(values.orders);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (!Number.isInteger(orders) || orders < 0) throw new Error('--orders must be a whole number');
  if (seed !== undefined && !Number.isInteger(seed)) throw new Error('--seed must be a whole number');
  const config = loadConfig();
  if (config.isProduction) throw new Error('Refusing to seed demo data with NODE_ENV=production');
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS === 'on',
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await migrateDatabase(database);
    const started = performance.now();
    console.log(`Seeding ${orders.toLocaleString('en-US')} orders into ${database.engine}…`);
    await seedDemoData(database.db, {
      orders,
      seed,
      storage: demoStorage(config),
      concurrency: database.engine === 'postgres' ? 4 : 1,
      log: (message) => console.log(`  ${message} (${((performance.now() - started) / 1000).toFixed(1)} s)`),
    });
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(orders / seconds) : orders;
    console.log(`Done in ${seconds.toFixed(1)} s (${rate.toLocaleString('en-US')} orders/s).`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

/**
 * Demo documents: straight into the local documents folder without the per-file fsync the
 * storage does for real uploads (demo data can be regenerated; 100,000 fsyncs took most of a
 * seed's time); through the configured storage when that is a bucket.
 */
function demoStorage(config: Config): SeedStorage {
  if (config.S3_BUCKET) return createDocumentStorage(config);
  const directory = path.join(config.dataDir, 'documents');
  mkdirSync(directory, { recursive: true });
  return { put: (name, content) => writeFile(path.join(directory, name), content, { mode: 0o600 }) };
}
