import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { documents, staff } from '../../db/schema';
import { applyOrderAction } from '../lifecycle';
import type { MailMessage } from '../mail';

const DELIVERS_DOCUMENT = new Set(['approval', 'resend']);

/**
 * The worker's onDelivered (DESIGN §2): once the provider accepted the e-mail carrying the
 * approved document, a Pending order becomes Completed through the lifecycle ('deliver', by the
 * system), credited to the member who uploaded the document. Orders in any other status keep it.
 * Runs in the transaction that marks the message sent. Returns whether it moved.
 */
export async function completeDeliveredOrder(tx: Tx, message: MailMessage): Promise<boolean> {
  if (!message.orderId || !DELIVERS_DOCUMENT.has(message.kind)) return false;
  const [uploader] = message.documentId
    ? await tx
        .select({ id: staff.id, name: staff.name })
        .from(documents)
        .innerJoin(staff, eq(staff.id, documents.uploadedBy))
        .where(eq(documents.id, message.documentId))
        .limit(1)
    : [];
  const [sender] =
    !uploader && message.createdBy
      ? await tx.select({ id: staff.id, name: staff.name }).from(staff).where(eq(staff.id, message.createdBy)).limit(1)
      : [];
  const processor = uploader ?? sender ?? null;
  const result = await applyOrderAction(tx, {
    orderIds: [message.orderId],
    action: 'deliver',
    actor: { kind: 'system', name: 'System' },
    creditTo: processor,
    detail: { mailId: message.id },
  });
  return result.done.length > 0;
}
