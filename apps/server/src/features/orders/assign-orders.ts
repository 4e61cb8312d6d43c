import type { AssignOutcome } from '@nzeta/domain';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import {
  applyOrderAction,
  describeOutcome,
  type OrderActionOutcome,
  orderActionError,
  type StaffActor,
  summariseOrderAction,
} from '../lifecycle';

export interface AssignResult extends AssignOutcome {
  message: string;
  results: OrderActionOutcome[];
}

type Events = { ordersChanged(): void } | undefined;

/**
 * "Assign to me" (DESIGN §2): claims the orders that are New and unassigned. The rows are locked
 * before the table is asked, so of two people claiming the same order exactly one wins; the
 * answer names what was assigned and what was skipped and why ("100123 already taken by …").
 */
export async function assignOrders(
  db: Db,
  orderIds: readonly number[],
  actor: StaffActor,
  events?: Events,
): Promise<AssignResult> {
  const result = await applyOrderAction(db, { orderIds, action: 'claim', actor, events });
  // Claiming an order that is already yours is not a conflict.
  const assigned = result.results.filter((r) => r.done || r.reason === 'unchanged').map((r) => r.orderId);
  const skipped = result.skipped.filter((r) => r.reason !== 'unchanged');
  const taken = skipped.map((r) => r.orderId);
  if (skipped.length && skipped.every((r) => r.reason === 'not-found') && !assigned.length) {
    throw notFound(skipped.length === 1 ? 'Order not found.' : 'Orders not found.', 'ORDER_NOT_FOUND');
  }
  if (!taken.length)
    return { assigned, taken, results: result.results, message: 'Order has been assigned successfully' };
  const asSeen = result.results.map((r) => (r.reason === 'unchanged' ? { ...r, done: true } : r));
  const first = skipped[0];
  const message =
    !assigned.length && skipped.length === 1 && first
      ? describeOutcome(first)
      : `${summariseOrderAction({ ...result, results: asSeen })}.`;
  if (!assigned.length) throw new ClaimConflict(message, { assigned, taken });
  return { assigned, taken, results: result.results, message };
}

/** Nothing could be claimed: the answer still says which orders were taken, and by whom. */
export class ClaimConflict extends Error {
  readonly code = 'CLAIM_CONFLICT';

  constructor(
    message: string,
    readonly outcome: AssignOutcome,
  ) {
    super(message);
    this.name = 'ClaimConflict';
  }
}

/**
 * "Move to Original Folder": gives orders back to the shared folders. Members release their own
 * orders; Admin and Manager may release anyone's (someone away with orders in My Orders).
 */
export async function releaseOrders(
  db: Db,
  orderIds: readonly number[],
  actor: StaffActor,
  events?: Events,
): Promise<{ released: number[]; results: OrderActionOutcome[]; message: string }> {
  const result = await applyOrderAction(db, { orderIds, action: 'release', actor, events });
  if (!result.done.length) {
    if (
      result.skipped.every((r) => r.reason === 'not-claimed' || r.reason === 'not-yours' || r.reason === 'not-found')
    ) {
      throw badRequest('The selected orders are not assigned to you.', 'REQUEST_REFUSED');
    }
    throw orderActionError(result);
  }
  const message = result.skipped.length
    ? `${summariseOrderAction(result)}.`
    : 'Order has been moved to the original folder successfully';
  return { released: result.done, results: result.results, message };
}

/** Admin and Manager hand orders to a colleague (or back to the shared folders with `to` null). */
export async function reassignOrders(
  db: Db,
  orderIds: readonly number[],
  to: { id: number; name: string } | null,
  actor: StaffActor,
  events?: Events,
): Promise<{ reassigned: number[]; results: OrderActionOutcome[]; message: string }> {
  const result = to
    ? await applyOrderAction(db, { orderIds, action: 'reassign', actor, assignTo: to, events })
    : await applyOrderAction(db, { orderIds, action: 'release', actor, events });
  if (!result.done.length) throw orderActionError(result);
  if (result.done.length && !to && result.skipped.length === 0) {
    return { reassigned: result.done, results: result.results, message: 'Orders have been released.' };
  }
  const message = `${summariseOrderAction(result)}.`;
  return { reassigned: result.done, results: result.results, message };
}
