import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { openDatabase } from '../../../apps/server/src/db/client';
import { registerEventLoopProbe } from './event-loop-probe';
import { registerInFlightProbe } from './in-flight-probe';
import { announceReady, closeOnSignal } from './lifecycle';

/**
 * The limit of this stack, measured beside the product: L1 is Fastify answering a fixed body,
 * L2 adds one round trip through the product's database driver and pool (SELECT 1). No
 * endpoint of the product can beat L2; each is reported as a share of it. L1-page answers a
 * fixed JSON answer the size of a 500-row folder page, as bytes: what the host's loopback and the
 * load generator allow for an answer that large, before any work of the product's.
 */
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, pgliteDir: 'memory://' });
const app = Fastify({ logger: false });
const body = { status: 1, message: 'OK', data: { ok: true } };
const PAGE_ROWS = 500;
const ROW_BYTES = 512;
const pageBytes = Buffer.from(
  `{"status":1,"message":"OK","data":[${Array.from({ length: PAGE_ROWS }, (_, i) =>
    JSON.stringify({ id: i, text: 'x'.repeat(ROW_BYTES - 24) }),
  ).join(',')}]}`,
);

app.get('/l1', async () => body);
app.get('/l1-page', (_request, reply) => reply.type('application/json; charset=utf-8').send(pageBytes));
app.get('/l2', async () => {
  await database.db.execute(sql`select 1`);
  return body;
});
registerEventLoopProbe(app, 'baseline');
registerInFlightProbe(app);
closeOnSignal(async () => {
  await app.close();
  await database.close();
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
announceReady(app);
