import { createHash } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { OutgoingMail } from './types';

/**
 * The message as RFC 5322 bytes. The Message-ID derives from the idempotency key, so a retried
 * delivery carries the same id and mail clients that de-duplicate by it show the message once.
 */
export function buildMime(message: OutgoingMail): Promise<Buffer> {
  const domain = /@([^>\s]+)>?\s*$/.exec(message.from)?.[1] ?? 'localhost';
  const id = createHash('sha256').update(message.idempotencyKey).digest('hex').slice(0, 32);
  return new MailComposer({
    from: message.from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId: `<${id}@${domain}>`,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    headers: { 'X-Idempotency-Key': message.idempotencyKey },
    attachments: message.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
  })
    .compile()
    .build();
}
