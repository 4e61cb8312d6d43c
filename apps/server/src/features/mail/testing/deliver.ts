import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { mailMessages } from '../../../db/schema';
import type { MailMessage } from '../outbox';
import type { MailWorker } from '../worker';

const settled = new Set(['sent', 'failed']);

/**
 * Runs the worker until the message is sent or failed. The app's own worker may hold the message
 * at any moment (it wakes on every enqueue), so this waits for its rounds instead of racing them.
 * With `retryNow`, a message waiting for its backoff is made due at once.
 */
export async function deliverUntilSettled(
  worker: MailWorker | undefined,
  db: Db,
  mailId: number,
  { retryNow = false, timeoutMs = 30_000 }: { retryNow?: boolean; timeoutMs?: number } = {},
): Promise<MailMessage> {
  if (!worker) throw new Error('the mail worker is not running');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await worker.idle();
    const [row] = await db.select().from(mailMessages).where(eq(mailMessages.id, mailId));
    if (!row) throw new Error(`mail ${mailId} does not exist`);
    if (settled.has(row.state)) return row;
    if (Date.now() > deadline) throw new Error(`mail ${mailId} still ${row.state} after ${timeoutMs} ms`);
    if (row.state === 'queued' && retryNow) {
      await db.update(mailMessages).set({ nextAttemptAt: sql`now()` }).where(eq(mailMessages.id, mailId));
    }
    if ((await worker.runOnce()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
