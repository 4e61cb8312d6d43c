import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { documents, orders, staff } from '../../db/schema';
import type { MailMessage } from '../mail/outbox';
import { recordActivity } from './order-activity';

const DELIVERS_DOCUMENT = new Set(['approval', 'resend']);

/**
 * The worker's onDelivered (DESIGN §2): once the provider accepted the e-mail carrying the
 * approved document, a Pending order becomes Completed, processed by the member who uploaded
 * the document. Runs in the transaction that marks the message sent. Returns whether it moved.
 */
export async function completeDeliveredOrder(tx: Tx, message: MailMessage): Promise<boolean> {
  if (!message.orderId || !DELIVERS_DOCUMENT.has(message.kind)) return false;
  const [order] = await tx
    .select({ status: orders.processStatus })
    .from(orders)
    .where(eq(orders.orderId, message.orderId))
    .for('update')
    .limit(1);
  if (order?.status !== 'Pending') return false;

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
  const processor = uploader ?? sender;
  const now = new Date().toISOString();
  await tx
    .update(orders)
    .set({
      processStatus: 'Completed',
      processedById: processor?.id ?? null,
      processedBy: processor?.name ?? null,
      processedAt: now,
      updatedAt: now,
    })
    .where(eq(orders.orderId, message.orderId));
  await recordActivity(tx, {
    orderId: message.orderId,
    actor: { id: null, name: 'System' },
    action: 'status-changed',
    from: 'Pending',
    to: 'Completed',
    detail: { reason: 'approval e-mail delivered', mailId: message.id, processedBy: processor?.name ?? null },
  });
  return true;
}
