import { type MoveTarget, moveAction } from '@nzeta/domain';
import type { Tx } from '../../db/client';
import { applyOrderAction, orderActionError, type SystemActor } from '../lifecycle';

export const GATEWAY_ACTOR: SystemActor = { kind: 'system', name: 'Payment gateway' };
export const DISPUTE_OUTCOME_ACTOR: SystemActor = { kind: 'system', name: 'Dispute outcome' };

/**
 * The one place a dispute moves its order (a gateway's dispute → ChargeBack, a lost dispute →
 * Refunds): through the lifecycle table like every other move, inside the caller's transaction.
 */
export async function moveDisputedOrder(
  tx: Tx,
  orderId: number,
  to: MoveTarget,
  move: { actor: SystemActor; reason: string; detail?: Record<string, unknown> },
): Promise<void> {
  const result = await applyOrderAction(tx, { orderIds: [orderId], action: moveAction(to), ...move });
  if (!result.done.length) throw orderActionError(result);
}
