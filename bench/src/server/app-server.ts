import { buildApp } from '../../../apps/server/src/app';
import { loadConfig } from '../../../apps/server/src/config';
import { openDatabase, SERVER_IDLE_CONNECTION_MS } from '../../../apps/server/src/db/client';
import { migrateDatabase } from '../../../apps/server/src/db/migrate';
import { registerEventLoopProbe } from './event-loop-probe';
import { registerInFlightProbe } from './in-flight-probe';
import { announceReady, closeOnSignal } from './lifecycle';

/**
 * The product as production runs it (buildApp, same pool, same plugins), in its own process so
 * the load generator does not share its event loop. No background jobs: nothing but the
 * measured requests runs here.
 */
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  pgliteDir: process.env.BENCH_PGLITE_DIR,
  idleConnectionMs: SERVER_IDLE_CONNECTION_MS,
});
await migrateDatabase(database);
const app = await buildApp({ config, database });
registerEventLoopProbe(app, 'app');
registerInFlightProbe(app);
closeOnSignal(async () => {
  await app.close();
  await database.close();
});
await app.listen({ port: config.PORT, host: config.HOST });
announceReady(app);
