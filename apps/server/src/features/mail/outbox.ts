import { randomUUID } from 'node:crypto';
import { isMailProvider, type MailProvider } from '@nzeta/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type MailAttachment, mailMessages } from '../../db/schema';
import { MAIL_KINDS, type MailKind } from './templates';

/** Channel notified (on commit) when a message is queued; the worker wakes up on it. */
export const MAIL_OUTBOX_CHANNEL = 'mail_outbox';

export type MailMessage = typeof mailMessages.$inferSelect;

export interface EnqueueMailInput {
  orderId?: number | null;
  kind: MailKind;
  /** the staff member's choice; the file transport stands in when it is not configured */
  provider: MailProvider;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  documentId?: number | null;
  createdBy?: number | null;
  /** where the customer's reply goes (the support address) */
  replyTo?: string | null;
  /** the refused message this one re-sends through the other provider */
  fallbackOf?: number | null;
  /** the same key twice queues one message (e.g. a replayed staff action); random by default */
  idempotencyKey?: string;
}

export interface EnqueuedMail {
  id: number;
  idempotencyKey: string;
  /** false when a message with this idempotency key was already queued */
  isNew: boolean;
}

export class InvalidMailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidMailError';
  }
}

const LINE_BREAK = /[\r\n]/;
// One plain address: the outbox sends to exactly one recipient per row.
const SINGLE_ADDRESS = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;

/** Whether an address can take mail at all (one plain address, no header tricks). */
export function isDeliverableAddress(to: string | null | undefined): boolean {
  return !!to && !LINE_BREAK.test(to) && SINGLE_ADDRESS.test(to);
}

function validate(input: EnqueueMailInput): void {
  // CR/LF in a header value would let a caller add headers or recipients (header injection).
  if (LINE_BREAK.test(input.to) || !SINGLE_ADDRESS.test(input.to))
    throw new InvalidMailError('Invalid recipient address.');
  if (LINE_BREAK.test(input.subject) || !input.subject.trim()) throw new InvalidMailError('Invalid subject.');
  if (input.replyTo && (LINE_BREAK.test(input.replyTo) || !SINGLE_ADDRESS.test(input.replyTo)))
    throw new InvalidMailError('Invalid Reply-To address.');
  if (!isMailProvider(input.provider)) throw new InvalidMailError('Unknown mail provider.');
  if (!(MAIL_KINDS as readonly string[]).includes(input.kind)) throw new InvalidMailError('Unknown mail kind.');
  for (const a of input.attachments ?? []) {
    if (LINE_BREAK.test(a.filename) || LINE_BREAK.test(a.contentType))
      throw new InvalidMailError('Invalid attachment.');
    if (Boolean(a.file1) === Boolean(a.generated))
      throw new InvalidMailError('An attachment needs file1 or generated.');
  }
}

/**
 * Queues an e-mail inside the caller's transaction, so it exists exactly when the action that
 * causes it commits: `db.transaction(async (tx) => { …; await enqueueMail(tx, …) })`. The
 * worker delivers it afterwards; the row is also the Email History entry.
 */
export async function enqueueMail(tx: DbOrTx, input: EnqueueMailInput): Promise<EnqueuedMail> {
  validate(input);
  const idempotencyKey = input.idempotencyKey ?? randomUUID();
  const [inserted] = await tx
    .insert(mailMessages)
    .values({
      orderId: input.orderId ?? null,
      kind: input.kind,
      provider: input.provider,
      toAddress: input.to.trim(),
      subject: input.subject.trim(),
      html: input.html,
      text: input.text,
      attachments: input.attachments ?? [],
      documentId: input.documentId ?? null,
      createdBy: input.createdBy ?? null,
      replyTo: input.replyTo?.trim() || null,
      fallbackOf: input.fallbackOf ?? null,
      idempotencyKey,
    })
    .onConflictDoNothing({ target: mailMessages.idempotencyKey })
    .returning({ id: mailMessages.id });
  if (!inserted) {
    const [existing] = await tx
      .select({ id: mailMessages.id })
      .from(mailMessages)
      .where(eq(mailMessages.idempotencyKey, idempotencyKey));
    if (!existing) throw new Error('Mail idempotency conflict without a row');
    return { id: existing.id, idempotencyKey, isNew: false };
  }
  // Delivered to listeners only if the transaction commits: the worker wakes without polling.
  await tx.execute(sql`select pg_notify(${MAIL_OUTBOX_CHANNEL}, ${String(inserted.id)})`);
  return { id: inserted.id, idempotencyKey, isNew: true };
}
