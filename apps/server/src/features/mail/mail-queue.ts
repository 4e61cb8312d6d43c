import { and, eq, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { mailMessages } from '../../db/schema';
import type { MailMessage } from './outbox';

/**
 * Claims up to `limit` due messages for this worker. FOR UPDATE SKIP LOCKED makes concurrent
 * workers (other processes, other servers) take disjoint rows; the lock time lets another worker
 * take over a message whose worker died mid-delivery.
 */
export function claimDueMessages(db: Db, limit: number, lockSeconds: number): Promise<MailMessage[]> {
  const now = sql`now()`;
  const due = db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(
      or(
        and(eq(mailMessages.state, 'queued'), lte(mailMessages.nextAttemptAt, now)),
        and(eq(mailMessages.state, 'sending'), lt(mailMessages.lockedUntil, now)),
      ),
    )
    .orderBy(mailMessages.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailMessages)
    .set({
      state: 'sending',
      lockedUntil: sql`now() + make_interval(secs => ${lockSeconds})`,
      attempts: sql`${mailMessages.attempts} + 1`,
    })
    .where(inArray(mailMessages.id, due))
    .returning();
}

// Our claim only: if our lock expired and another worker re-claimed the row, attempts moved on.
const ourClaim = (message: MailMessage): SQL | undefined =>
  and(eq(mailMessages.id, message.id), eq(mailMessages.state, 'sending'), eq(mailMessages.attempts, message.attempts));

/** Marks the claim sent; returns the updated row, or undefined if another worker took it over. */
export async function markSent(
  db: DbOrTx,
  message: MailMessage,
  transport: string,
  providerMessageId: string,
): Promise<MailMessage | undefined> {
  const [row] = await db
    .update(mailMessages)
    .set({ state: 'sent', sentAt: sql`now()`, transport, providerMessageId, lockedUntil: null, lastError: null })
    .where(ourClaim(message))
    .returning();
  return row;
}

/** Puts the message back in the queue after `retryInSeconds`, or marks it failed when null. */
export async function markAttemptFailed(
  db: DbOrTx,
  message: MailMessage,
  error: string,
  retryInSeconds: number | null,
): Promise<void> {
  const isFinal = retryInSeconds === null;
  await db
    .update(mailMessages)
    .set({
      state: isFinal ? 'failed' : 'queued',
      lastError: error.slice(0, 2000),
      lockedUntil: null,
      ...(isFinal ? {} : { nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})` }),
    })
    .where(ourClaim(message));
}
