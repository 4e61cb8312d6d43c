import type { MailProvider } from '@nzeta/domain';

export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One e-mail as handed to a provider. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: OutgoingAttachment[];
  /** stable across retries of the same outbox row (mail_messages.idempotency_key) */
  idempotencyKey: string;
  /** the outbox row id: carried as SendGrid custom arg / SES message tag `mail_id`, so delivery events find their message */
  mailId?: number;
  replyTo?: string | undefined;
}

export type TransportName = 'ses' | 'sendgrid' | 'file';

export interface MailTransport {
  /** recorded in mail_messages.transport: which transport actually delivered */
  readonly name: TransportName;
  send(message: OutgoingMail): Promise<{ providerMessageId: string }>;
}

/** The transport per provider the staff member can choose. */
export type MailTransports = Record<MailProvider, MailTransport>;

/**
 * A provider refusal. `permanent` means retrying the same message cannot succeed (a malformed
 * or rejected message), so the outbox marks it failed at once instead of backing off.
 */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}
