import type { MailProvider } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { type MailAttachment, orders } from '../../db/schema';
import { appError, badRequest } from '../../lib/app-error';
import type { PdfRenderer } from '../../lib/pdf-renderer';
import { assertOrderAction, type StaffActor, writeActivityRows } from '../lifecycle';
import {
  applicantNameOf,
  customerProviders,
  enqueueMail,
  getCompanySettings,
  type MailMessage,
  PRIMARY_MAIL_PROVIDER,
  renderMail,
} from '../mail';

export const NO_EMAIL_MESSAGE = 'This order has no e-mail address to send the invoice to.';

/** One invoice per order: its number is derived from the order id. */
export function invoiceNumberOf(orderId: number): string {
  return `INV-${orderId}`;
}

export interface SendInvoiceOptions {
  orderId: number;
  actor: StaffActor;
  provider?: MailProvider;
}

/**
 * Queues the invoice e-mail to the order's address. The PDF is not stored: the attachment is
 * marked `generated: 'invoice'` and rendered by the mail worker at delivery (renderInvoiceFor).
 */
export async function sendInvoice(db: Db, options: SendInvoiceOptions): Promise<number> {
  const { orderId, actor } = options;
  return db.transaction(async (tx) => {
    // Deleted and erased orders take no invoice (DESIGN §2).
    await assertOrderAction(tx, orderId, 'invoice', actor);
    const [order] = await tx.select().from(orders).where(eq(orders.orderId, orderId)).limit(1);
    if (!order) throw appError('ORDER_NOT_FOUND');
    if (!order.email) throw badRequest(NO_EMAIL_MESSAGE, 'REQUEST_REFUSED');
    const settings = await getCompanySettings(tx);
    const invoiceNumber = invoiceNumberOf(orderId);
    const mail = renderMail('invoice', { orderId, applicantName: applicantNameOf(order), invoiceNumber, settings });
    const queued = await enqueueMail(tx, {
      orderId,
      kind: 'invoice',
      provider: options.provider ?? (await customerProviders(tx, [orderId])).get(orderId) ?? PRIMARY_MAIL_PROVIDER,
      to: order.email,
      ...mail,
      attachments: [{ filename: `${invoiceNumber}.pdf`, contentType: 'application/pdf', generated: 'invoice' }],
      createdBy: actor.id,
    });
    await writeActivityRows(tx, [
      {
        orderId,
        actorId: actor.id,
        actorName: actor.name,
        action: 'mail-queued',
        detail: { kind: 'invoice', to: order.email, mailId: queued.id },
      },
    ]);
    return queued.id;
  });
}

/**
 * The mail worker's renderAttachment: the invoice PDF of the message's order, drawn at delivery
 * from the order as it is then, dated the day the invoice was requested (so a retry renders the
 * same document).
 */
export async function renderInvoiceAttachment(
  db: DbOrTx,
  message: MailMessage,
  attachment: MailAttachment,
  options: { timeZone: string; pdf: PdfRenderer },
): Promise<Buffer> {
  if (attachment.generated !== 'invoice' || !message.orderId) {
    throw new Error(`Mail ${message.id}: cannot generate attachment ${attachment.filename}`);
  }
  const [order] = await db.select().from(orders).where(eq(orders.orderId, message.orderId)).limit(1);
  if (!order) throw new Error(`Mail ${message.id}: order ${message.orderId} no longer exists`);
  return options.pdf.render('invoice', {
    order,
    company: await getCompanySettings(db),
    invoiceNumber: invoiceNumberOf(order.orderId),
    issuedAt: new Date(message.createdAt),
    timeZone: options.timeZone,
  });
}
