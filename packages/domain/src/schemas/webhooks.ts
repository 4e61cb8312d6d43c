import { z } from 'zod';

/**
 * Delivery events as the mail providers post them. Parsed only after the request's signature
 * was verified; fields this product does not use are stripped.
 */

const text = z.string().max(2000);
const id = z.union([z.string().max(200), z.number()]).transform(String);

/** One event of SendGrid's Event Webhook batch (docs: "Event Webhook Reference"). */
export const sendgridEvent = z.object({
  event: z.string().max(40),
  /** unix seconds (before 2100: anything later is not a real event time) */
  timestamp: z.number().int().nonnegative().max(4_102_444_800),
  sg_event_id: z.string().min(1).max(200),
  sg_message_id: z.string().max(300).optional(),
  /** our custom arg: the outbox message id */
  mail_id: id.optional(),
  email: z.string().max(320).optional(),
  reason: text.optional(),
  response: text.optional(),
  /** bounce events: 'bounce' (the address refused) or 'blocked' (a temporary or content refusal) */
  type: z.string().max(40).optional(),
  bounce_classification: z.string().max(100).optional(),
  url: z.string().max(2000).optional(),
});
export type SendgridEvent = z.infer<typeof sendgridEvent>;
export const sendgridBatch = z.array(z.unknown()).max(10_000);

const snsCommon = {
  MessageId: z.string().min(1).max(200),
  TopicArn: z.string().min(1).max(300),
  Message: z.string().max(300_000),
  Timestamp: z.string().max(40),
  SignatureVersion: z.enum(['1', '2']),
  Signature: z.string().min(1).max(2000),
  SigningCertURL: z.string().min(1).max(500),
};

/** An Amazon SNS HTTP(S) delivery (docs: "Parsing message formats"). */
export const snsEnvelope = z.discriminatedUnion('Type', [
  z.object({ Type: z.literal('Notification'), Subject: z.string().max(300).optional(), ...snsCommon }),
  z.object({
    Type: z.enum(['SubscriptionConfirmation', 'UnsubscribeConfirmation']),
    Token: z.string().min(1).max(2000),
    SubscribeURL: z.string().min(1).max(2000),
    ...snsCommon,
  }),
]);
export type SnsEnvelope = z.infer<typeof snsEnvelope>;

const sesTimestamp = z.string().max(40);

/** An SES event-publishing record, the Message of an SNS notification. */
export const sesEvent = z.object({
  /** event publishing names it eventType; the older identity notifications notificationType */
  eventType: z.string().max(40).optional(),
  notificationType: z.string().max(40).optional(),
  mail: z.object({
    messageId: z.string().max(300),
    timestamp: sesTimestamp.optional(),
    tags: z.record(z.string(), z.array(z.string().max(300))).optional(),
  }),
  bounce: z
    .object({
      bounceType: z.string().max(40),
      bounceSubType: z.string().max(60).optional(),
      timestamp: sesTimestamp,
      feedbackId: z.string().max(300).optional(),
      bouncedRecipients: z.array(z.object({ diagnosticCode: text.optional() })).optional(),
    })
    .optional(),
  complaint: z
    .object({
      timestamp: sesTimestamp,
      feedbackId: z.string().max(300).optional(),
      complaintFeedbackType: z.string().max(60).optional(),
    })
    .optional(),
  delivery: z.object({ timestamp: sesTimestamp, smtpResponse: text.optional() }).optional(),
  deliveryDelay: z.object({ timestamp: sesTimestamp, delayType: z.string().max(60).optional() }).optional(),
  reject: z.object({ reason: text.optional() }).optional(),
  open: z.object({ timestamp: sesTimestamp }).optional(),
  click: z.object({ timestamp: sesTimestamp, link: z.string().max(2000).optional() }).optional(),
});
export type SesEvent = z.infer<typeof sesEvent>;
