import type { DisputeRecord, disputeIntakeInput } from '@nzeta/domain';
import { eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { orderDisputes, orders } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { recordActivity } from '../order-detail';
import { findDisputeRow, toDisputeRecord } from './dispute-record';
import { GATEWAY_ACTOR, moveDisputedOrder } from './move-disputed-order';

export const UNKNOWN_TRANSACTION = 'No order matches this transaction.';
const GATEWAY = { id: null, name: GATEWAY_ACTOR.name };

type IntakeValues = z.output<typeof disputeIntakeInput>;

/**
 * POST /api/intake/disputes: a payment gateway reports a dispute. The same gateway dispute id
 * twice is one dispute (the second call answers the first's record). The order is found by its
 * transaction id, or by its id; it moves to ChargeBack unless it is there already.
 */
export async function intakeDispute(
  db: Db,
  values: IntakeValues,
): Promise<{ dispute: DisputeRecord; created: boolean }> {
  return db.transaction(async (tx) => {
    const [known] = await tx
      .select()
      .from(orderDisputes)
      .where(eq(orderDisputes.gatewayDisputeId, values.disputeId))
      .limit(1);
    if (known) {
      const [order] = await tx.select().from(orders).where(eq(orders.orderId, known.orderId)).limit(1);
      return {
        dispute: toDisputeRecord(known, order ?? { orderId: known.orderId, amount: null, currency: null }),
        created: false,
      };
    }
    const matches = [
      values.transactionId ? eq(orders.transactionId, values.transactionId) : undefined,
      values.orderId !== undefined ? eq(orders.orderId, values.orderId) : undefined,
    ].filter((m) => m !== undefined);
    const [order] = await tx
      .select()
      .from(orders)
      .where(or(...matches))
      .orderBy(orders.orderId)
      .limit(1)
      .for('update');
    if (!order || order.processStatus === 'Deleted') throw notFound(UNKNOWN_TRANSACTION);

    const existing = await findDisputeRow(tx, order.orderId);
    const row = {
      gatewayDisputeId: values.disputeId,
      network: values.network,
      reasonCode: values.reasonCode,
      amount: values.amount,
      currency: values.currency,
      openedAt: values.openedAt,
      respondBy: values.respondBy,
    };
    // A dispute staff already opened by hand keeps its state and notes; the gateway's facts win.
    const [saved] = await tx
      .insert(orderDisputes)
      .values({ orderId: order.orderId, ...row, state: 'needs_response' })
      .onConflictDoUpdate({ target: orderDisputes.orderId, set: { ...row, updatedAt: sql`now()` } })
      .returning();
    await recordActivity(tx, {
      orderId: order.orderId,
      actor: GATEWAY,
      action: existing ? 'dispute-updated' : 'dispute-recorded',
      to: saved?.state ?? 'needs_response',
      detail: { gatewayDisputeId: values.disputeId, network: values.network, reasonCode: values.reasonCode },
    });
    if (order.processStatus !== 'ChargeBack') {
      await moveDisputedOrder(tx, order.orderId, 'ChargeBack', {
        actor: GATEWAY_ACTOR,
        reason: 'dispute reported by the payment gateway',
        detail: { gatewayDisputeId: values.disputeId },
      });
    }
    return { dispute: toDisputeRecord(saved, order), created: true };
  });
}
