import { type EmailContent, whatsappLink } from '@nzeta/domain';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documents } from '../../db/schema';
import { applicantNameOf, approvalPreview, getCompanySettings } from '../mail';
import { loadOrder } from './load-order';
import { attachmentName } from './upload-document';

/**
 * The approval e-mail as the customer would receive it ('View Email Content'), with a wa.me link
 * that opens WhatsApp on the customer's number with a prefilled message.
 */
export async function getEmailContent(
  db: DbOrTx,
  orderId: number,
  options: { trackOrderUrl?: string | undefined } = {},
): Promise<EmailContent> {
  const [order, settings, [document]] = await Promise.all([
    loadOrder(db, orderId),
    getCompanySettings(db),
    // The preview names the document the e-mail would carry: the latest upload, if any.
    db
      .select({ file1: documents.file1, size: documents.size })
      .from(documents)
      .where(eq(documents.orderId, orderId))
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(1),
  ]);
  const preview = approvalPreview(order, settings, {
    ...(options.trackOrderUrl ? { trackOrderUrl: options.trackOrderUrl } : {}),
    ...(document ? { document: { fileName: attachmentName(orderId, document.file1), size: document.size } } : {}),
  });
  const name = applicantNameOf(order);
  const message = [
    `Hello ${name}, this is ${settings.company.name} about your ${settings.productTitle} application (order ${orderId}).`,
    order.email
      ? `Your approved travel document has been e-mailed to ${order.email}; please check your inbox and spam folder.`
      : 'Your approved travel document is ready.',
    `Questions? Reply here, call ${settings.support.phone} or write to ${settings.support.email}.`,
  ].join(' ');
  return {
    subject: preview.subject,
    html: preview.html,
    text: preview.text,
    whatsappUrl: whatsappLink(order.countryCode, order.phoneNumber, message),
  };
}
