import { COMPLAINED_ADDRESS_MESSAGE, MAIL_PROVIDERS, type MailProvider, type ResendMailInput } from '@nzeta/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { documents, mailMessages } from '../../db/schema';
import { badRequest, conflict } from '../../lib/app-error';
import { actorId, assertOrderAction, type LifecycleActor, type StaffActor } from '../lifecycle';
import { applicantNameOf, enqueueMail, getCompanySettings, isComplainedAddress, renderMail } from '../mail';
import { loadOrder } from './load-order';
import { type Actor, recordActivity } from './order-activity';
import { attachmentName } from './upload-document';

export const NO_DOCUMENT_MESSAGE = 'No document has been uploaded for this order yet.';
export const NO_FALLBACK_MESSAGE = 'This e-mail cannot be re-sent through the other provider.';
export const FALLBACK_EXISTS_MESSAGE = 'This e-mail has already been re-sent through the other provider.';

interface QueueResendOptions {
  trackOrderUrl?: string | undefined;
  /** the refused message this resend replaces (sent through the other provider) */
  fallbackOf?: number;
}

/** Queues the approval e-mail again, with the latest uploaded document, through the chosen provider. */
export async function resendMail(
  db: Db,
  input: ResendMailInput,
  actor: StaffActor,
  options: { trackOrderUrl?: string | undefined } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    // Deleted and erased orders take no mail (DESIGN §2).
    await assertOrderAction(tx, input.orderId, 'resend', actor);
    if (!input.confirmComplained && (await isComplainedAddress(tx, input.email))) {
      throw conflict(COMPLAINED_ADDRESS_MESSAGE, 'ADDRESS_COMPLAINED');
    }
    return queueResend(tx, input.orderId, input.mailServiceProvider, input.email, actor, options);
  });
}

/** The provider a refused message goes through next. */
export function otherProvider(provider: string): MailProvider {
  return MAIL_PROVIDERS.find((p) => p !== provider) ?? 'AWS';
}

/**
 * Re-sends a document e-mail the provider refused (or could not be reached for) through the
 * other provider, once per message: recorded as such (fallback_of) in Email History and the log.
 * Staff call it with one click; the outbox calls it by itself when the setting is on.
 */
export async function resendViaFallback(
  tx: DbOrTx,
  input: { orderId: number; mailId: number; confirmComplained?: boolean },
  actor: LifecycleActor,
  options: { trackOrderUrl?: string | undefined } = {},
): Promise<number> {
  // Deleted and erased orders take no mail (DESIGN §2), whoever re-sends.
  await assertOrderAction(tx, input.orderId, 'resend', actor);
  const [failed] = await tx
    .select()
    .from(mailMessages)
    .where(and(eq(mailMessages.id, input.mailId), eq(mailMessages.orderId, input.orderId)))
    .for('update')
    .limit(1);
  if (!failed || !canFallBack(failed)) throw badRequest(NO_FALLBACK_MESSAGE, 'REQUEST_REFUSED');
  const [existing] = await tx
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(eq(mailMessages.fallbackOf, failed.id))
    .limit(1);
  if (existing) throw conflict(FALLBACK_EXISTS_MESSAGE);
  if (!input.confirmComplained && (await isComplainedAddress(tx, failed.toAddress))) {
    throw conflict(COMPLAINED_ADDRESS_MESSAGE, 'ADDRESS_COMPLAINED');
  }
  const by: Actor = { id: actorId(actor), name: actor.name };
  return queueResend(tx, input.orderId, otherProvider(failed.provider), failed.toAddress, by, {
    ...options,
    fallbackOf: failed.id,
  });
}

/** A document e-mail the provider refused outright or dropped: another provider may deliver it. */
export function canFallBack(message: typeof mailMessages.$inferSelect): boolean {
  const isDocumentMail = message.kind === 'approval' || message.kind === 'resend';
  return isDocumentMail && (message.state === 'failed' || message.deliveryState === 'dropped');
}

async function queueResend(
  tx: DbOrTx,
  orderId: number,
  provider: MailProvider,
  to: string,
  actor: Actor,
  options: QueueResendOptions,
): Promise<number> {
  const order = await loadOrder(tx, orderId);
  const [document] = await tx
    .select({ id: documents.id, file1: documents.file1, contentType: documents.contentType, size: documents.size })
    .from(documents)
    .where(eq(documents.orderId, orderId))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(1);
  if (!document) throw badRequest(NO_DOCUMENT_MESSAGE, 'REQUEST_REFUSED');
  const settings = await getCompanySettings(tx);
  const fileName = attachmentName(orderId, document.file1);
  const mail = renderMail('resend', {
    orderId,
    applicantName: applicantNameOf(order),
    settings,
    trackOrderUrl: options.trackOrderUrl,
    document: { fileName, size: document.size },
  });
  const queued = await enqueueMail(tx, {
    orderId,
    kind: 'resend',
    provider,
    to,
    ...mail,
    attachments: [{ filename: fileName, contentType: document.contentType, file1: document.file1 }],
    documentId: document.id,
    createdBy: actor.id,
    replyTo: settings.support.email,
    fallbackOf: options.fallbackOf ?? null,
  });
  await recordActivity(tx, {
    orderId,
    actor,
    action: 'mail-queued',
    detail: {
      kind: 'resend',
      provider,
      to,
      mailId: queued.id,
      ...(options.fallbackOf ? { fallbackOf: options.fallbackOf } : {}),
    },
  });
  return queued.id;
}
