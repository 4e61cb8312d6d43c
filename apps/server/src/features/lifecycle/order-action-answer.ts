import { actionVerb, describeSkip, REFUSAL_CODES, type SkipReason, summariseOutcomes } from '@nzeta/domain';
import { type AppError, appError } from '../../lib/app-error';
import type { ApplyOrderActionResult, OrderActionOutcome } from './apply-order-action';

export function describeOutcome(outcome: OrderActionOutcome): string {
  return `Order ${describeSkip(outcome)}.`;
}

/** What a role may not do, in the words of the spec's roles table (DESIGN §3). */
const ROLE_MESSAGES: Partial<Record<string, string>> = {
  delete: 'Only an Admin or a Manager can delete orders.',
  erase: 'Only an Admin can delete orders permanently.',
  restore: 'Only an Admin or a Manager can restore deleted orders.',
  reassign: "Only an Admin or a Manager can reassign a colleague's orders.",
  deliver: 'Only the mail delivery completes an order.',
};

const STATE_MESSAGES: Partial<Record<SkipReason, string>> = {
  claimed: "Only an Admin can delete orders that are in someone's My Orders.",
  refunded: 'A refunded order leaves Refunds only by an Admin or a Manager.',
  erased: "This order's personal data was erased: it is read-only.",
};

/** The error to answer when the action was done for none of the orders. */
export function orderActionError(result: ApplyOrderActionResult): AppError {
  const skipped = result.skipped;
  const first = skipped.find((s) => s.reason !== 'not-found') ?? skipped[0];
  if (!first) return appError('TRANSITION_NOT_ALLOWED', 'Nothing to do.');
  const reasons = new Set(skipped.map((s) => s.reason));
  // The strongest refusal decides: a role refusal is 403 even beside state refusals.
  if (reasons.has('role')) {
    return appError('FORBIDDEN_ROLE', ROLE_MESSAGES[result.action]);
  }
  if (reasons.size === 1 && first.reason === 'not-found') {
    return appError('ORDER_NOT_FOUND', skipped.length === 1 ? undefined : 'Orders not found.');
  }
  const fixed = reasons.size === 1 && first.reason ? STATE_MESSAGES[first.reason] : undefined;
  const message =
    fixed ??
    (skipped.length === 1
      ? describeOutcome(first)
      : `${summariseOutcomes(actionVerb(result.action), result.results)}.`);
  // role → 403, not found → 404, someone else's claim and anything the state refuses → 409.
  return appError(REFUSAL_CODES[first.reason ?? 'not-allowed'], message);
}

/** Throws when nothing was done (single-order actions: the order must take the action). */
export function assertActionDone(result: ApplyOrderActionResult): void {
  if (!result.done.length) throw orderActionError(result);
}

/** The bulk message: what was done and what was skipped, and why. */
export function summariseOrderAction(result: ApplyOrderActionResult): string {
  return summariseOutcomes(actionVerb(result.action), result.results);
}
