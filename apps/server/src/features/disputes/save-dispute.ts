import { businessToday, can, type DisputeRecord, type DisputeValues, isDisputeOutcome, type Role } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderDisputes } from '../../db/schema';
import { appError, badRequest, forbidden } from '../../lib/app-error';
import { loadOrder, recordActivity } from '../order-detail';
import { findDisputeRow, toDisputeRecord } from './dispute-record';
import { DISPUTE_OUTCOME_ACTOR, moveDisputedOrder } from './move-disputed-order';

export const NOT_IN_CHARGEBACK = 'A dispute can be recorded only for an order in ChargeBack.';
export const OUTCOME_FORBIDDEN = "Only an Admin or a Manager can record or change a dispute's outcome.";
export const ERASED_READ_ONLY = "This order's personal data was erased: it is read-only.";
export const DELETED_RESTORE_FIRST = 'This order is deleted: restore it before recording its dispute.';

export interface SaveDisputeOptions {
  orderId: number;
  values: DisputeValues;
  actor: { id: number; name: string; role: Role };
  timeZone: string;
}

/**
 * PUT /admin/orders/{orderId}/dispute. Every role that may move an order to ChargeBack edits the
 * dispute; recording or changing an outcome (won, lost, accepted) is for Admin and Manager
 * (DESIGN §3). A newly lost dispute moves the order to Refunds in the same transaction.
 */
export async function saveDispute(db: Db, options: SaveDisputeOptions): Promise<DisputeRecord & { moved: boolean }> {
  const { orderId, values, actor } = options;
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, orderId, { forUpdate: true });
    // An erased order is read-only, and a Deleted one takes no change but a restore (DESIGN §2).
    if (order.erasedAt) throw appError('TRANSITION_NOT_ALLOWED', ERASED_READ_ONLY);
    if (order.processStatus === 'Deleted') throw appError('TRANSITION_NOT_ALLOWED', DELETED_RESTORE_FIRST);
    const existing = await findDisputeRow(tx, orderId);
    if (!existing && order.processStatus !== 'ChargeBack') throw badRequest(NOT_IN_CHARGEBACK, 'REQUEST_REFUSED');
    const previousState = existing?.state ?? null;
    const outcomeTouched =
      previousState !== values.state && (isDisputeOutcome(values.state) || isDisputeOutcome(previousState));
    if (outcomeTouched && !can(actor.role, 'disputes.outcome')) throw forbidden(OUTCOME_FORBIDDEN);

    const decided = isDisputeOutcome(values.state);
    const row = {
      network: values.network,
      reasonCode: values.reasonCode,
      amount: values.amount ?? order.amount,
      currency: values.currency ?? order.currency,
      openedAt: values.openedAt ?? existing?.openedAt ?? businessToday(options.timeZone),
      respondBy: values.respondBy,
      state: values.state,
      outcomeAt: decided ? (values.outcomeAt ?? businessToday(options.timeZone)) : null,
      notes: values.notes,
    };
    const [saved] = await tx
      .insert(orderDisputes)
      .values({ orderId, ...row })
      .onConflictDoUpdate({ target: orderDisputes.orderId, set: { ...row, updatedAt: sql`now()` } })
      .returning();
    await recordActivity(tx, {
      orderId,
      actor,
      action: existing ? 'dispute-updated' : 'dispute-recorded',
      from: previousState,
      to: values.state,
      detail: { network: row.network, reasonCode: row.reasonCode, respondBy: row.respondBy },
    });
    const moved = values.state === 'lost' && previousState !== 'lost' && order.processStatus !== 'Refunds';
    if (moved) {
      await moveDisputedOrder(tx, orderId, 'Refunds', {
        actor: DISPUTE_OUTCOME_ACTOR,
        reason: 'dispute lost',
        detail: { amount: row.amount, currency: row.currency, recordedBy: actor.name },
      });
    }
    return { ...toDisputeRecord(saved, order), moved };
  });
}
