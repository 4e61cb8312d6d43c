import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { AppMetrics } from './features/metrics/app-metrics';
import type { EventHub } from './lib/event-hub';

/** What every feature needs from the running app, decorated on the Fastify instance. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  events: EventHub;
  /** Prometheus series; undefined when METRICS_TOKEN is unset (nothing is recorded) */
  metrics?: AppMetrics | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
