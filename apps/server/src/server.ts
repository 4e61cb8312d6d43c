import type { Server } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { startBackgroundJobs } from './background-jobs';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedIfEmpty } from './db/seed';

/**
 * On SIGTERM no new connection is accepted (a load balancer gets a refusal and tries another
 * instance, even for a POST), but Fastify's close then ends the connections it finds idle, and a
 * connection accepted a moment before, whose request is still on its way, counts as idle: the
 * balancer saw it reset and answered 502. Those requests get this long to arrive first.
 */
const ACCEPTED_SETTLE_MS = 500;

/** Closes the listening socket only (http.Server.close would also end idle connections). */
function stopAccepting(server: Server): Promise<void> {
  return new Promise((resolve) => net.Server.prototype.close.call(server, () => resolve()));
}

const config = loadConfig();
const databaseOptions = {
  databaseUrl: config.DATABASE_URL,
  pgliteDir: path.join(config.dataDir, 'pglite'),
  preparedStatements: config.DATABASE_PREPARED_STATEMENTS === 'on',
  listenUrl: config.DATABASE_LISTEN_URL,
};
let database = await openDatabase(databaseOptions);
await migrateDatabase(database);
if (database.engine === 'postgres') {
  // Migrations may run as long as they need; request traffic gets a statement time limit.
  await database.close();
  database = await openDatabase({ ...databaseOptions, statementTimeoutMs: 30_000 });
}
if (!config.isProduction && config.SEED_DEMO === 'auto') {
  await seedIfEmpty(database.db, { orders: 300 });
}

const app = await buildApp({ config, database });
const jobs = await startBackgroundJobs(app);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  const drained = stopAccepting(app.server);
  await new Promise((resolve) => setTimeout(resolve, ACCEPTED_SETTLE_MS));
  // An I/O turn after the pause: what arrived during it has been read before Fastify looks.
  await new Promise((resolve) => setImmediate(resolve));
  // Together: the worker takes no new message while the last requests finish.
  await Promise.all([app.close(), jobs.stop()]);
  await drained;
  await database.close();
});

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`NZeTA back office on http://${config.HOST}:${config.PORT} (database: ${database.engine})`);
