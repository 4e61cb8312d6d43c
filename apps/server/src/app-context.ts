import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { DocumentStorage } from './features/documents';
import type { MailTransports } from './features/mail';
import type { AppMetrics } from './features/metrics/app-metrics';
import type { OrderDetailCache } from './features/order-detail';
import type { RollupCache } from './features/orders';
import type { AuditBatch } from './lib/audit-batch';
import type { DrawnPdfs } from './lib/drawn-pdfs';
import type { EventHub } from './lib/event-hub';
import type { MemberCache } from './lib/member-cache';
import type { PdfRenderer } from './lib/pdf-renderer';
import type { RequestActivity } from './lib/request-activity';

/**
 * What every feature needs from the running app, built once by buildApp() and decorated on the
 * Fastify instance: features take shared services from here and never construct their own.
 */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  events: EventHub;
  /** the member check of staff requests, kept until a change to the member is heard of */
  members: MemberCache;
  /** the staff order detail, kept until a change to the order is heard of */
  orderDetails: OrderDetailCache;
  /** audit rows of frequent reads (order views), written in batches off the request's path */
  auditBatch: AuditBatch;
  /** the configured document storage (local folder or S3 bucket) */
  storage: DocumentStorage;
  /** the mail providers the outbox worker delivers through */
  mail: MailTransports;
  /** the folder counts' rollup, cached and refreshed on order changes */
  rollup: RollupCache;
  /** draws every PDF (defence packs, evidence bundles, invoices) in worker threads (PDF_WORKERS) */
  pdf: PdfRenderer;
  /** defence packs and evidence bundles already drawn, handed out again for the same records and day (PDF_CACHE_MAX_AGE_MS) */
  drawnPdfs: DrawnPdfs;
  /** requests in progress and how long none has been, for background work that waits for a quiet moment */
  requests: RequestActivity;
  /** Prometheus series; undefined when METRICS_TOKEN is unset (nothing is recorded) */
  metrics?: AppMetrics | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
