import type { DeliveryState, MailEventType } from '@nzeta/domain';

/** One delivery event as a provider reported it, in the product's words. */
export interface ProviderEvent {
  provider: 'sendgrid' | 'ses';
  /** the provider's own id of this event: each is stored once */
  providerEventId: string;
  event: MailEventType;
  /** when the provider says it happened (ISO 8601) */
  occurredAt: string;
  /** our outbox message id, carried as SendGrid custom arg / SES message tag `mail_id` */
  mailId?: number | undefined;
  /** the provider's message id, to match messages sent without mail_id */
  providerMessageId?: string | undefined;
  reason?: string | undefined;
  bounceType?: 'hard' | 'soft' | undefined;
  url?: string | undefined;
}

/** The message's delivery state an event implies; opens, clicks and 'processed' imply none. */
export const STATE_OF_EVENT: Partial<Record<MailEventType, DeliveryState>> = {
  deferred: 'deferred',
  delivered: 'delivered',
  bounce: 'bounced',
  dropped: 'dropped',
  spamreport: 'complained',
};

/**
 * Events arrive in any order: a failure (bounce, drop, complaint) is never replaced by a late
 * 'delivered' or 'deferred', and 'delivered' never by a late 'deferred'. Within a rank the
 * later event wins.
 */
export const STATE_RANK: Record<DeliveryState, number> = {
  deferred: 1,
  delivered: 2,
  bounced: 3,
  dropped: 3,
  complained: 3,
};
