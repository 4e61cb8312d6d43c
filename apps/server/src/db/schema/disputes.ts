import { bigint, date, index, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders';

/**
 * The card dispute of an order in ChargeBack (DESIGN §2): one per order, created by the move to
 * ChargeBack or by the payment gateway (idempotent on the gateway's own dispute id).
 */
export const orderDisputes = pgTable(
  'order_disputes',
  {
    orderId: bigint('order_id', { mode: 'number' })
      .primaryKey()
      .references(() => orders.orderId, { onDelete: 'cascade' }),
    gatewayDisputeId: text('gateway_dispute_id').unique(),
    network: text('network').notNull().default('Other'),
    reasonCode: text('reason_code'),
    amount: numeric('amount', { precision: 12, scale: 2 }),
    currency: text('currency'),
    openedAt: date('opened_at', { mode: 'string' }),
    respondBy: date('respond_by', { mode: 'string' }),
    /** needs_response | evidence_ready | submitted | won | lost | accepted */
    state: text('state').notNull().default('needs_response'),
    outcomeAt: date('outcome_at', { mode: 'string' }),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [index('order_disputes_respond_by_idx').on(t.respondBy), index('order_disputes_opened_at_idx').on(t.openedAt)],
);
