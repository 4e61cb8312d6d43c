import type { ResendMailInput } from '@nzeta/domain';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { getCompanySettings } from '../mail/company-settings';
import { enqueueMail } from '../mail/outbox';
import { applicantNameOf, renderMail } from '../mail/templates';
import { loadOrder } from './load-order';
import { type Actor, recordActivity } from './order-activity';
import { attachmentName } from './upload-document';

export const NO_DOCUMENT_MESSAGE = 'No document has been uploaded for this order yet.';

/** Queues the approval e-mail again, with the latest uploaded document, through the chosen provider. */
export async function resendMail(
  db: Db,
  input: ResendMailInput,
  actor: Actor & { id: number },
  options: { trackOrderUrl?: string | undefined } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, input.orderId);
    const [document] = await tx
      .select({ id: documents.id, file1: documents.file1, contentType: documents.contentType })
      .from(documents)
      .where(eq(documents.orderId, input.orderId))
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(1);
    if (!document) throw badRequest(NO_DOCUMENT_MESSAGE);
    const settings = await getCompanySettings(tx);
    const mail = renderMail('resend', {
      orderId: input.orderId,
      applicantName: applicantNameOf(order),
      settings,
      trackOrderUrl: options.trackOrderUrl,
    });
    const queued = await enqueueMail(tx, {
      orderId: input.orderId,
      kind: 'resend',
      provider: input.mailServiceProvider,
      to: input.email,
      ...mail,
      attachments: [
        {
          filename: attachmentName(input.orderId, document.file1),
          contentType: document.contentType,
          file1: document.file1,
        },
      ],
      documentId: document.id,
      createdBy: actor.id,
    });
    await recordActivity(tx, {
      orderId: input.orderId,
      actor,
      action: 'mail-queued',
      detail: { kind: 'resend', provider: input.mailServiceProvider, to: input.email, mailId: queued.id },
    });
    return queued.id;
  });
}
