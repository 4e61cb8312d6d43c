import type { MailProvider } from '@nzeta/domain';
import type { Db } from '../../db/client';
import { documents } from '../../db/schema';
import type { DocumentStorage } from '../documents';
import { type DocumentExtension, generateStoredName } from '../documents';
import { applyOrderAction, assertActionDone, assertOrderAction, type StaffActor } from '../lifecycle';
import { applicantNameOf, enqueueMail, getCompanySettings, renderMail } from '../mail';
import { loadOrder } from './load-order';

export interface UploadDocumentInput {
  orderId: number;
  /** the customer's address the approval e-mail goes to (the form's e-mail field) */
  email: string;
  provider: MailProvider;
  /** checked and prepared by prepareUpload */
  content: Buffer;
  ext: DocumentExtension;
  mime: string;
  originalName?: string | undefined;
  /** the visitor page of the order, when the app's public address is configured */
  trackOrderUrl?: string | undefined;
}

export interface UploadDocumentResult {
  file1: string;
  mailId: number;
}

/** The attachment name the customer sees. */
export function attachmentName(orderId: number, file1: string): string {
  return `NZeTA-${orderId}${file1.slice(file1.lastIndexOf('.'))}`;
}

/**
 * Stores the approved document, then in ONE transaction: the documents row, the upload applied
 * through the lifecycle (Pending, or the delivered status kept), and the approval e-mail queued. Delivery completes the
 * order (completeDeliveredOrder). If the transaction fails, the stored file is removed again.
 */
export async function uploadDocument(
  db: Db,
  storage: Pick<DocumentStorage, 'put' | 'remove'>,
  input: UploadDocumentInput,
  actor: StaffActor,
): Promise<UploadDocumentResult> {
  // Fail before writing anything for an unknown order or one that takes no document.
  await assertOrderAction(db, input.orderId, 'upload', actor);
  const file1 = generateStoredName(input.ext);
  const stored = await storage.put(file1, input.content);
  try {
    return await db.transaction(async (tx) => {
      const order = await loadOrder(tx, input.orderId, { forUpdate: true });
      const customerName = applicantNameOf(order);
      const [document] = await tx
        .insert(documents)
        .values({
          orderId: input.orderId,
          file1,
          originalName: input.originalName?.slice(0, 255) ?? null,
          contentType: input.mime,
          size: stored.size,
          sha256: stored.sha256,
          customerName,
          mailServiceProvider: input.provider,
          uploadedBy: actor.id,
        })
        .returning({ id: documents.id });
      if (!document) throw new Error('uploadDocument: no document row');
      // Open and Pending orders wait for delivery; a delivered order keeps its status (a
      // corrected document); Deleted and erased orders are refused (DESIGN §2).
      const applied = await applyOrderAction(tx, {
        orderIds: [input.orderId],
        action: 'upload',
        actor,
        detail: { file1, provider: input.provider, to: input.email, size: stored.size, contentType: input.mime },
      });
      assertActionDone(applied);
      const settings = await getCompanySettings(tx);
      const mail = renderMail('approval', {
        orderId: input.orderId,
        applicantName: customerName,
        settings,
        trackOrderUrl: input.trackOrderUrl,
        document: { fileName: attachmentName(input.orderId, file1), size: stored.size },
      });
      const queued = await enqueueMail(tx, {
        orderId: input.orderId,
        kind: 'approval',
        provider: input.provider,
        to: input.email,
        ...mail,
        attachments: [{ filename: attachmentName(input.orderId, file1), contentType: input.mime, file1 }],
        documentId: document.id,
        createdBy: actor.id,
        replyTo: settings.support.email,
      });
      return { file1, mailId: queued.id };
    });
  } catch (error) {
    await storage.remove(file1).catch(() => undefined);
    throw error;
  }
}
