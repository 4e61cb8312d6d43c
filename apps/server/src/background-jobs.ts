import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { startPgliteMaintenance } from './db/pglite-maintenance';
import { mailMessages } from './db/schema';
import { startAuthHousekeeping } from './features/auth/housekeeping';
import { renderInvoiceAttachment } from './features/invoices/send-invoice';
import type { SystemActor } from './features/lifecycle';
import { type MailWorker, startMailWorker } from './features/mail/worker';
import { countDeliveryFailures } from './features/metrics/app-metrics';
import { completeDeliveredOrder } from './features/order-detail/complete-delivered-order';
import { trackOrderUrl } from './features/order-detail/load-order';
import { canFallBack, resendViaFallback } from './features/order-detail/resend-mail';
import { startRetentionJob } from './features/privacy/retention';
import { isAutoMailFallbackOn } from './features/settings/get-settings';
import { AppError } from './lib/app-error';

export interface BackgroundJobs {
  /** the outbox worker; undefined when MAIL_WORKER=off */
  mailWorker: MailWorker | undefined;
  stop(): Promise<void>;
}

/** Who re-sends a refused document e-mail through the other provider when the setting is on. */
const FALLBACK_ACTOR: SystemActor = { kind: 'system', name: 'System' };

/** Work that runs beside the HTTP server: the mail outbox worker and housekeeping. */
export async function startBackgroundJobs(app: FastifyInstance): Promise<BackgroundJobs> {
  const { config, database, db, events, storage } = app.ctx;
  // A crash mid-upload can leave a temp file behind; it was never visible, so it can go.
  if ('cleanTemporaryFiles' in storage && typeof storage.cleanTemporaryFiles === 'function') {
    await storage.cleanTemporaryFiles();
  }
  // Identity data and documents of orders completed RETENTION_DAYS ago go, at start and daily.
  const retention = startRetentionJob({ db, storage, retentionDays: config.RETENTION_DAYS, log: app.log });
  // Throttle counters whose window ended and sessions idle past the timeout are deleted.
  const housekeeping = startAuthHousekeeping({ db, idleMinutes: config.IDLE_TIMEOUT_MINUTES, log: app.log });
  // PGlite has no autovacuum: dead rows and planner statistics are seen to here.
  const maintenance =
    database.engine === 'pglite' ? startPgliteMaintenance({ db, requests: app.ctx.requests, log: app.log }) : undefined;
  const stopHousekeeping = async () =>
    void (await Promise.all([retention.stop(), housekeeping.stop(), maintenance?.stop()]));
  if (config.MAIL_WORKER === 'off') return { mailWorker: undefined, stop: stopHousekeeping };
  if (database.engine === 'pglite') {
    // PGlite is opened by one process only: a message still 'sending' was claimed by a process
    // that died mid-delivery. Its claim is released now instead of after the lock time.
    await db
      .update(mailMessages)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailMessages.state, 'sending'));
  }

  const worker = startMailWorker({
    db,
    transports: countDeliveryFailures(app.ctx.mail, app.ctx.metrics),
    storage,
    from: config.MAIL_FROM,
    renderAttachment: (message, attachment) =>
      renderInvoiceAttachment(db, message, attachment, { timeZone: config.BUSINESS_TZ, pdf: app.ctx.pdf }),
    onDelivered: async (tx, message) => {
      // The approval e-mail reached the provider: the Pending order becomes Completed. Consoles
      // hear of it once it has committed: told before, an instance could read and keep the
      // counts without it (a commit slower than the 100 ms the signal waits, or a signal
      // already pending from another change).
      if (await completeDeliveredOrder(tx, message)) return () => events.ordersChanged();
      return undefined;
    },
    onFailed: async (message) => {
      // The provider refused for good or stayed unreachable: the other one may deliver it.
      if (!message.orderId || !canFallBack(message) || !(await isAutoMailFallbackOn(db))) return;
      const orderId = message.orderId;
      const resent = await db
        .transaction((tx) =>
          resendViaFallback(tx, { orderId, mailId: message.id }, FALLBACK_ACTOR, {
            trackOrderUrl: trackOrderUrl(config.PUBLIC_APP_URL, orderId),
          }),
        )
        // Refused by the rules (a Deleted or erased order, one already re-sent): nothing to send.
        .catch((error: unknown) => {
          if (error instanceof AppError && error.httpStatus < 500) return undefined;
          throw error;
        });
      if (resent === undefined) return;
      events.ordersChanged();
    },
    logger: app.log,
    listen: (channel, onMessage) => database.listen(channel, onMessage),
  });
  // Mail left queued by a stop or a crash goes out now rather than at the first poll.
  worker.wake();
  return {
    mailWorker: worker,
    /** Stops taking new messages and waits for the ones being sent. */
    async stop() {
      await worker.stop();
      await stopHousekeeping();
    },
  };
}
