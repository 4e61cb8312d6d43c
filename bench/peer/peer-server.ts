import sqlMapper from '@platformatic/sql-mapper';
import sqlOpenapi from '@platformatic/sql-openapi';
import Fastify from 'fastify';
import { registerEventLoopProbe } from '../src/server/event-loop-probe';
import { registerInFlightProbe } from '../src/server/in-flight-probe';
import { announceReady, closeOnSignal } from '../src/server/lifecycle';

/**
 * The peer a team would otherwise pick for an admin API: Platformatic DB's generated REST API
 * (sql-mapper + sql-openapi, as `platformatic db` wires them) over the product's own tables on
 * the same database, with the same pool size as the product. Every table is mapped, as
 * `platformatic db` does by default (mapping `orders` alone breaks its relations to `staff`).
 *
 * Its own folder and node_modules (`npm run bench -- --peer` installs them), so the product's
 * install never carries it. Not type-checked with the rest of the benchmark for the same reason.
 */
const connectionString = process.env.DATABASE_URL;
if (!connectionString) throw new Error('The peer runs on PostgreSQL only: DATABASE_URL is required.');

const app = Fastify({ logger: false });
await app.register(sqlMapper, {
  connectionString,
  // the product's pool size (apps/server/src/db/client.ts)
  poolSize: 10,
});
await app.register(sqlOpenapi, { exposeRoute: false });
registerEventLoopProbe(app, 'peer');
registerInFlightProbe(app);
closeOnSignal(() => app.close());
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
announceReady(app);
