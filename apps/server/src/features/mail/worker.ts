import type { MailProvider } from '@nzeta/domain';
import type { Database, Db, Tx } from '../../db/client';
import type { MailAttachment } from '../../db/schema';
import { DocumentNotFoundError, type DocumentStorage, streamToBuffer } from '../documents';
import { claimDueMessages, markAttemptFailed, markSent } from './mail-queue';
import { MAIL_OUTBOX_CHANNEL, type MailMessage } from './outbox';
import { MailDeliveryError, type MailTransports, type OutgoingAttachment } from './providers/types';

export interface MailLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface MailWorkerOptions {
  db: Db;
  transports: MailTransports;
  storage: Pick<DocumentStorage, 'get'>;
  /** sender of every message (MAIL_FROM) */
  from: string;
  /** renders a generated attachment at delivery time (the invoice PDF) */
  renderAttachment: (message: MailMessage, attachment: MailAttachment) => Promise<Buffer>;
  /**
   * Called in the transaction that marks the message sent (inside a savepoint: if it throws,
   * the message stays sent and the error is logged). The approval flow completes the order here.
   * It may answer what to do once that transaction has committed: announcing the change earlier
   * lets other instances read the counts before it is visible (and keep them).
   */
  onDelivered?: (tx: Tx, message: MailMessage) => Promise<(() => void) | undefined>;
  /** Called once a message is marked failed for good (errors are logged): the fallback provider hook. */
  onFailed?: (message: MailMessage) => Promise<void>;
  logger?: MailLogger;
  /** how often to look for due messages when not woken by a notification (default 5 s) */
  pollMs?: number;
  /** wakes the worker when enqueueMail commits (Database.listen) */
  listen?: Database['listen'];
  /** messages claimed and sent in parallel per round (default 5) */
  batchSize?: number;
  /** how long a claim lasts before another worker may take the message over (default 120 s) */
  lockSeconds?: number;
  /** attempts before a message is marked failed (default 5) */
  maxAttempts?: number;
  /** first retry delay, doubled at each attempt: 30 s, 60 s, 120 s, 240 s (default 30) */
  retryBaseSeconds?: number;
}

export interface MailWorker {
  /** Claims and delivers one round of due messages; resolves to how many were attempted. */
  runOnce(): Promise<number>;
  /** Looks for due messages now instead of at the next poll. */
  wake(): void;
  /** Resolves once no round is in flight (a round may start again right after). */
  idle(): Promise<void>;
  /** Stops polling and waits for the messages in flight to finish. */
  stop(): Promise<void>;
}

const silent: MailLogger = { info() {}, warn() {}, error() {} };

/**
 * Delivers the outbox. At least once: a worker that dies after the provider accepted a message
 * but before marking it sent leaves it 'sending'; once its lock expires (lockSeconds) another
 * worker sends it again. That window (provider call to commit, normally milliseconds) is the only
 * way a customer can get a duplicate; SendGrid receives the idempotency key, SES cannot take one.
 */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const logger = options.logger ?? silent;
  const pollMs = options.pollMs ?? 5000;
  const batchSize = options.batchSize ?? 5;
  const lockSeconds = options.lockSeconds ?? 120;
  const maxAttempts = options.maxAttempts ?? 5;
  const retryBase = options.retryBaseSeconds ?? 30;

  let isStopped = false;
  let isLooping = false;
  let isWanted = false;
  let timer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<unknown>>();
  let unlisten: (() => Promise<void>) | undefined;

  async function loadAttachments(message: MailMessage): Promise<OutgoingAttachment[]> {
    return Promise.all(
      message.attachments.map(async (attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: attachment.file1
          ? await streamToBuffer(await options.storage.get(attachment.file1))
          : await options.renderAttachment(message, attachment),
      })),
    );
  }

  async function deliver(message: MailMessage): Promise<void> {
    const transport = options.transports[message.provider as MailProvider];
    let providerMessageId: string;
    try {
      if (!transport) throw new MailDeliveryError(`Unknown mail provider ${message.provider}`, true);
      if (message.attempts > maxAttempts) {
        // Only a claim that kept expiring gets here: the process died during delivery each time.
        throw new MailDeliveryError(`Gave up after ${maxAttempts} interrupted attempts`, true);
      }
      ({ providerMessageId } = await transport.send({
        from: options.from,
        to: message.toAddress,
        subject: message.subject,
        html: message.html,
        text: message.text,
        attachments: await loadAttachments(message),
        idempotencyKey: message.idempotencyKey,
        mailId: message.id,
        replyTo: message.replyTo ?? undefined,
      }));
    } catch (error) {
      await recordFailure(message, error);
      return;
    }
    // From here on the provider has the message: an error leaves the row 'sending' and it is
    // sent again after the lock expires (the documented duplicate window), never marked failed.
    const afterCommit = await options.db.transaction(async (tx) => {
      const sent = await markSent(tx, message, transport.name, providerMessageId);
      if (!sent) {
        logger.warn({ mailId: message.id }, 'mail sent, but another worker had taken the message over');
        return undefined;
      }
      logger.info({ mailId: message.id, transport: transport.name, providerMessageId }, 'mail sent');
      const onDelivered = options.onDelivered;
      if (!onDelivered) return undefined;
      return tx
        .transaction((savepoint) => onDelivered(savepoint, sent))
        .catch((error: unknown) => {
          logger.error({ mailId: message.id, err: error }, 'onDelivered failed; the message stays sent');
          return undefined;
        });
    });
    afterCommit?.();
  }

  async function recordFailure(message: MailMessage, error: unknown): Promise<void> {
    const isPermanent =
      (error instanceof MailDeliveryError && error.permanent) || error instanceof DocumentNotFoundError;
    const isFinal = isPermanent || message.attempts >= maxAttempts;
    const retryIn = isFinal ? null : retryBase * 2 ** (message.attempts - 1);
    const reason = error instanceof Error ? error.message : String(error);
    logger.warn({ mailId: message.id, attempt: message.attempts, retryIn, err: reason }, 'mail delivery failed');
    await markAttemptFailed(options.db, message, reason, retryIn);
    if (isFinal && options.onFailed) {
      await options.onFailed({ ...message, state: 'failed', lastError: reason }).catch((hookError: unknown) => {
        logger.error({ mailId: message.id, err: hookError }, 'onFailed failed');
      });
    }
  }

  function runOnce(): Promise<number> {
    if (isStopped) return Promise.resolve(0);
    const round = (async () => {
      const claimed = await claimDueMessages(options.db, batchSize, lockSeconds);
      // allSettled: one failing message must not end the round while others are still in flight.
      const outcomes = await Promise.allSettled(claimed.map(deliver));
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') logger.error({ err: outcome.reason }, 'mail delivery bookkeeping failed');
      }
      return claimed.length;
    })();
    inFlight.add(round);
    void round.finally(() => inFlight.delete(round)).catch(() => undefined);
    return round;
  }

  function schedule(delayMs: number): void {
    if (isStopped) return;
    clearTimeout(timer);
    timer = setTimeout(loop, delayMs);
  }

  async function loop(): Promise<void> {
    if (isStopped) return;
    if (isLooping) {
      isWanted = true;
      return;
    }
    isLooping = true;
    isWanted = false;
    let count = 0;
    try {
      count = await runOnce();
    } catch (error) {
      logger.error({ err: error }, 'mail worker round failed');
    } finally {
      isLooping = false;
    }
    // A full round suggests more are due, and a wake-up during the round may have new mail.
    schedule(count >= batchSize || isWanted ? 0 : pollMs);
  }

  schedule(pollMs);
  if (options.listen) {
    options
      .listen(MAIL_OUTBOX_CHANNEL, () => schedule(0))
      .then((off) => {
        unlisten = off;
        if (isStopped) void off();
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'mail worker cannot listen; polling only'));
  }

  return {
    runOnce,
    wake: () => schedule(0),
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async stop() {
      isStopped = true;
      clearTimeout(timer);
      await unlisten?.();
      await Promise.allSettled([...inFlight]);
    },
  };
}
