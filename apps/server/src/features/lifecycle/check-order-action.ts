import { decideOrderAction, type OrderAction } from '@nzeta/domain';
import type { DbOrTx } from '../../db/client';
import { actorRef, type LifecycleActor } from './lifecycle-actor';
import { lockOrders } from './lock-orders';
import { orderActionError } from './order-action-answer';

/**
 * For actions that change no lifecycle column (resend, invoice, comment) and for checks made
 * before slow work (an upload is stored before its transaction): throws the table's refusal.
 * Inside a transaction the order stays locked until it ends.
 */
export async function assertOrderAction(
  db: DbOrTx,
  orderId: number,
  action: OrderAction,
  actor: LifecycleActor,
): Promise<void> {
  const order = (await lockOrders(db, [orderId])).get(orderId);
  const decision = order
    ? decideOrderAction(order, action, actorRef(actor))
    : { allowed: false as const, reason: 'not-found' as const };
  if (decision.allowed) return;
  const outcome = { orderId, done: false, reason: decision.reason, heldBy: order?.assigneeName ?? null };
  throw orderActionError({
    action,
    results: [outcome],
    done: [],
    skipped: [outcome],
    erasedFiles: { documents: [], mailCopies: [] },
    refundDates: new Map(),
  });
}
