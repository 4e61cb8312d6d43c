import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import type { MailTransports } from '../mail';
import { collectMailOutbox, collectStaffLocks } from './database-gauges';

/** Every series of GET /api/metrics (README "Monitoring" lists them with example alerts). */
export interface AppMetrics {
  registry: Registry;
  requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  signIns: Counter<'outcome'>;
  throttled: Counter<'route'>;
  liveStreams: Gauge;
  deliveryFailures: Counter<'transport'>;
}

/** One registry per app (tests build many apps in one process; the global one would clash). */
export function createAppMetrics(database: Database): AppMetrics {
  const registry = new Registry();
  // process and runtime: event-loop lag (nodejs_eventloop_lag_*), heap, resident memory, handles
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const registers = [registry];

  new Gauge({
    name: 'nzeta_db_pool_connections',
    help: 'Database connections by state (PGlite: its one connection); waiting: requests queued for one',
    labelNames: ['engine', 'state'],
    registers,
    collect() {
      const stats = database.poolStats();
      this.set({ engine: database.engine, state: 'total' }, stats.total);
      this.set({ engine: database.engine, state: 'idle' }, stats.idle);
      this.set({ engine: database.engine, state: 'waiting' }, stats.waiting);
    },
  });
  collectMailOutbox(database, registers);
  collectStaffLocks(database, registers);

  return {
    registry,
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    signIns: new Counter({
      name: 'nzeta_sign_in_attempts_total',
      help: 'Sign-in answers: success, failed (wrong or malformed credentials), locked, throttled, code_required',
      labelNames: ['outcome'],
      registers,
    }),
    throttled: new Counter({
      name: 'nzeta_throttled_requests_total',
      help: 'Requests answered 429 by a throttle (sign-in, password reset, track-order), by route',
      labelNames: ['route'],
      registers,
    }),
    liveStreams: new Gauge({
      name: 'nzeta_live_count_streams',
      help: 'Open live-count streams (GET /api/admin/events) of signed-in consoles',
      registers,
    }),
    deliveryFailures: new Counter({
      name: 'nzeta_mail_delivery_failures_total',
      help: 'Mail delivery attempts the provider refused or that failed on the way, by transport',
      labelNames: ['transport'],
      registers,
    }),
  };
}

/** The transports, each counting the deliveries it fails (the outbox retries or fails them). */
export function countDeliveryFailures(transports: MailTransports, metrics: AppMetrics | undefined): MailTransports {
  if (!metrics) return transports;
  const counted = (transport: MailTransports[keyof MailTransports]) => ({
    name: transport.name,
    async send(message: Parameters<typeof transport.send>[0]) {
      try {
        return await transport.send(message);
      } catch (error) {
        metrics.deliveryFailures.inc({ transport: transport.name });
        throw error;
      }
    },
  });
  return { AWS: counted(transports.AWS), Sendgrid: counted(transports.Sendgrid) };
}
