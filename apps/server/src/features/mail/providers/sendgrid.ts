import type { Client } from '@sendgrid/client';
import { MailService } from '@sendgrid/mail';
import { MailDeliveryError, type MailTransport } from './types';

export interface SendgridTransportOptions {
  apiKey: string;
  /** SENDGRID_API_URL: a local server in tests, or the EU host */
  baseUrl?: string | undefined;
}

interface SendgridResponseError {
  code: number;
  response?: { body?: unknown };
}

function isResponseError(error: unknown): error is SendgridResponseError {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number';
}

/**
 * SendGrid v3 mail/send. The idempotency key travels as custom_args (visible in event webhooks)
 * and as an Idempotency-Key header; SendGrid itself does not de-duplicate on it.
 */
export function createSendgridTransport(options: SendgridTransportOptions): MailTransport {
  const service = new MailService();
  service.setApiKey(options.apiKey);
  // setApiKey resets the base URL to the regional host, so the override comes after it. The
  // typings omit the `client` property that MailService creates in its constructor.
  const client = (service as unknown as { client: Client }).client;
  if (options.baseUrl) client.setDefaultRequest('baseUrl', options.baseUrl);

  return {
    name: 'sendgrid',
    async send(message) {
      try {
        const [response] = await service.send({
          from: message.from,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          attachments: message.attachments.map((a) => ({
            filename: a.filename,
            type: a.contentType,
            content: a.content.toString('base64'),
            disposition: 'attachment',
          })),
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          // Custom args come back on every event of the Event Webhook: mail_id finds the message.
          customArgs: {
            idempotency_key: message.idempotencyKey,
            ...(message.mailId !== undefined ? { mail_id: String(message.mailId) } : {}),
          },
          headers: { 'Idempotency-Key': message.idempotencyKey },
        });
        const id = response.headers['x-message-id'];
        return { providerMessageId: typeof id === 'string' ? id : '' };
      } catch (error) {
        if (isResponseError(error)) {
          const detail = JSON.stringify(error.response?.body ?? '').slice(0, 500);
          // 400 and 413 reject this message; 401/403 are configuration an operator can fix.
          const permanent = error.code === 400 || error.code === 413;
          throw new MailDeliveryError(`SendGrid ${error.code}: ${detail}`, permanent, error.code);
        }
        throw error;
      }
    },
  };
}
