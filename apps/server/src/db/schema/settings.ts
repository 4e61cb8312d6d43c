import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const paymentGateways = pgTable('payment_gateways', {
  id: serial('id').primaryKey(),
  gatewayName: text('gateway_name').notNull().unique(),
  isActive: boolean('is_active').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** Keys of settings rows that code reads by name (the staff scope reads requireMfa on every request). */
export const REQUIRE_MFA_KEY = 'requireMfa';
export const AUTO_MAIL_FALLBACK_KEY = 'autoMailFallback';

/** Key/value settings (company block, support contacts, product title, evidence images…). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** Append-only: sign-ins, denials, team changes, views of personal data, downloads. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    action: text('action').notNull(),
    target: text('target'),
    ip: text('ip'),
    outcome: text('outcome').notNull().default('ok').$type<'ok' | 'denied' | 'failed'>(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_at_idx').on(t.at), index('audit_action_idx').on(t.action, t.at)],
);

/** Replays of a staff action with the same Idempotency-Key answer the first result. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  staffId: integer('staff_id'),
  route: text('route').notNull(),
  statusCode: integer('status_code'),
  response: jsonb('response'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/** Throttle counters shared by every server instance (sign-in, track-order). */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('rate_counters_reset_idx').on(t.resetAt)],
);
