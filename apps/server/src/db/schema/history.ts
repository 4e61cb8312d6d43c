import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { staff } from './staff';

const orderRef = () =>
  bigint('order_id', { mode: 'number' })
    .notNull()
    .references(() => orders.orderId, { onDelete: 'cascade' });

/** A staff comment with its flags (SPEC §3 Remark). Flags are 'Y' or 'N'. */
export const remarks = pgTable(
  'remarks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: orderRef(),
    staffId: integer('staff_id').references(() => staff.id),
    remarkName: text('remark_name').notNull(),
    remark: text('remark').notNull(),
    whatsapp: text('whatsapp').notNull().default('N'),
    telephone: text('telephone').notNull().default('N'),
    statusRefund: text('status_refund').notNull().default('N'),
    voided: text('voided').notNull().default('N'),
    chargeback: text('chargeback').notNull().default('N'),
    reportError: text('report_error').notNull().default('N'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('remarks_order_idx').on(t.orderId, t.createdAt)],
);

/** An uploaded approved document; file1 is its generated storage name. */
export const documents = pgTable(
  'documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: orderRef(),
    file1: text('file1').notNull().unique(),
    originalName: text('original_name'),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    customerName: text('customer_name'),
    mailServiceProvider: text('mail_service_provider'),
    uploadedBy: integer('uploaded_by').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('documents_order_idx').on(t.orderId, t.createdAt)],
);

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** a stored document (documents.file1) … */
  file1?: string;
  /** … or a generated attachment rendered at delivery (invoice PDF) */
  generated?: 'invoice';
}

/** Outbox and history in one (DESIGN §5): a row commits with the action that causes it. */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' }).references(() => orders.orderId, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** the staff member's choice: AWS or Sendgrid (the file provider stands in when unconfigured) */
    provider: text('provider').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    documentId: bigint('document_id', { mode: 'number' }).references(() => documents.id),
    /** queued → sending → sent | failed */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'string' }),
    lastError: text('last_error'),
    transport: text('transport'),
    providerMessageId: text('provider_message_id'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdBy: integer('created_by').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    /** the latest delivery event the provider reported: delivered | deferred | bounced | dropped | complained */
    deliveryState: text('delivery_state'),
    deliveryStateAt: timestamp('delivery_state_at', { withTimezone: true, mode: 'string' }),
    deliveryReason: text('delivery_reason'),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'string' }),
    clickedAt: timestamp('clicked_at', { withTimezone: true, mode: 'string' }),
    /** Reply-To: the support address of the settings when the message was queued */
    replyTo: text('reply_to'),
    /** the refused message this one re-sends through the other provider (one re-send each) */
    fallbackOf: bigint('fallback_of', { mode: 'number' }).references((): AnyPgColumn => mailMessages.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('mail_order_idx').on(t.orderId, t.createdAt),
    index('mail_due_idx').on(t.state, t.nextAttemptAt),
    uniqueIndex('mail_messages_fallback_of_idx').on(t.fallbackOf),
    // migration 0010: the dashboard's failing deliveries
    index('mail_failing_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.state} = 'failed' or ${t.deliveryState} in ('bounced', 'dropped')`),
  ],
);

/** Addresses (lower case) whose owner reported our mail as spam: resends need a confirmation. */
export const mailComplaints = pgTable('mail_complaints', {
  address: text('address').primaryKey(),
  mailId: bigint('mail_id', { mode: 'number' }).references(() => mailMessages.id, { onDelete: 'set null' }),
  complainedAt: timestamp('complained_at', { withTimezone: true, mode: 'string' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/**
 * One delivery event of a sent message, as the provider reported it (each stored once: unique on
 * the provider's own event id). event: processed | delivered | deferred | bounce | dropped |
 * spamreport | open | click.
 */
export const mailEvents = pgTable(
  'mail_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mailId: bigint('mail_id', { mode: 'number' })
      .notNull()
      .references(() => mailMessages.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    event: text('event').notNull(),
    providerEventId: text('provider_event_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'string' }).notNull(),
    reason: text('reason'),
    /** hard | soft, for bounces */
    bounceType: text('bounce_type'),
    url: text('url'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    unique('mail_events_provider_event_id_unique').on(t.provider, t.providerEventId),
    index('mail_events_mail_idx').on(t.mailId, t.occurredAt),
  ],
);

/** One visitor download of the document (SPEC §3 downloadHistory). */
export const downloadHistory = pgTable(
  'download_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: orderRef(),
    file1: text('file1'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    browser: text('browser'),
    browserVersion: text('browser_version'),
    os: text('os'),
    device: text('device'),
    deviceType: text('device_type'),
    timezone: text('timezone'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('download_history_order_idx').on(t.orderId, t.createdAt)],
);

/** Who did what to an order, when, from and to: written with every change. */
export const orderActivity = pgTable(
  'order_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: orderRef(),
    actorId: integer('actor_id').references(() => staff.id),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('order_activity_order_idx').on(t.orderId, t.createdAt)],
);
