import { type MailEventType, type SesEvent, sesEvent } from '@nzeta/domain';
import type { ProviderEvent } from '../mail';

const EVENT_TYPES: Record<string, MailEventType> = {
  Send: 'processed',
  Delivery: 'delivered',
  DeliveryDelay: 'deferred',
  Bounce: 'bounce',
  Reject: 'dropped',
  Complaint: 'spamreport',
  Open: 'open',
  Click: 'click',
};

/** SES bounce subtypes in words staff read (docs: "Contents of event data that Amazon SES publishes"). */
const BOUNCE_REASONS: Record<string, string> = {
  NoEmail: 'mailbox does not exist',
  Suppressed: 'address is on the suppression list',
  OnAccountSuppressionList: 'address is on the suppression list',
  MailboxFull: 'mailbox is full',
  MessageTooLarge: 'message too large',
  ContentRejected: 'content rejected',
  AttachmentRejected: 'attachment rejected',
};

function reasonOf(e: SesEvent): string | undefined {
  if (e.bounce) {
    const diagnostic = e.bounce.bouncedRecipients?.[0]?.diagnosticCode;
    const words = e.bounce.bounceSubType ? BOUNCE_REASONS[e.bounce.bounceSubType] : undefined;
    return words ?? diagnostic ?? e.bounce.bounceSubType ?? e.bounce.bounceType;
  }
  if (e.complaint) return e.complaint.complaintFeedbackType ?? 'marked as spam';
  if (e.deliveryDelay) return e.deliveryDelay.delayType;
  if (e.reject) return e.reject.reason;
  return undefined;
}

/**
 * One SES event (the Message of an SNS notification) in the product's words. The SNS message id
 * is the event's id: SNS keeps it across its own retries, so a redelivery is recognised.
 */
export function normaliseSesEvent(message: string, snsMessageId: string, snsTimestamp: string): ProviderEvent[] {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return [];
  }
  const parsed = sesEvent.safeParse(json);
  if (!parsed.success) return [];
  const e = parsed.data;
  const event = EVENT_TYPES[e.eventType ?? e.notificationType ?? ''];
  if (!event) return [];
  const tag = e.mail.tags?.mail_id?.[0];
  const occurredAt =
    e.bounce?.timestamp ??
    e.complaint?.timestamp ??
    e.delivery?.timestamp ??
    e.deliveryDelay?.timestamp ??
    e.open?.timestamp ??
    e.click?.timestamp ??
    snsTimestamp;
  return [
    {
      provider: 'ses',
      providerEventId: snsMessageId,
      event,
      occurredAt: toIso(occurredAt) ?? toIso(snsTimestamp) ?? new Date().toISOString(),
      mailId: tag && /^\d{1,15}$/.test(tag) ? Number(tag) : undefined,
      providerMessageId: e.mail.messageId,
      bounceType: e.bounce ? (e.bounce.bounceType === 'Permanent' ? 'hard' : 'soft') : undefined,
      reason: reasonOf(e),
      url: e.click?.link,
    },
  ];
}

function toIso(value: string): string | undefined {
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
