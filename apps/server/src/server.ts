import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { startBackgroundJobs } from './background-jobs';
import { loadConfig } from './config';
import { openDatabase, SERVER_IDLE_CONNECTION_MS } from './db/client';
import { migrateDatabase } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import { createDocumentStorage } from './features/documents';

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
  database = await openDatabase({
    ...databaseOptions,
    statementTimeoutMs: 30_000,
    idleConnectionMs: SERVER_IDLE_CONNECTION_MS,
  });
}
const storage = createDocumentStorage(config);
if (!config.isProduction && config.SEED_DEMO === 'auto') {
  await seedIfEmpty(database.db, { orders: 300, storage });
}

const app = await buildApp({ config, database, storage });
const jobs = await startBackgroundJobs(app);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  // Every connection ended (the listener closes in drain()): only then the database goes.
  const connectionsEnded = new Promise((resolve) => app.server.once('close', resolve));
  await app.drain();
  // Together: the worker takes no new message while the last requests finish.
  await Promise.all([app.close(), jobs.stop()]);
  await connectionsEnded;
  // Fastify's onClose can run while the last requests still read their evidence: the PDF threads
  // end only once every connection has ended and the mail worker has stopped.
  await app.ctx.pdf.close();
  await database.close();
});

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`NZeTA back office on http://${config.HOST}:${config.PORT} (database: ${database.engine})`);
