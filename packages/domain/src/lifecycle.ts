import type { ErrorCode } from './errors';
import { ROLES } from './roles';
import { STATUSES, type Status, statusLabel } from './statuses';

/**
 * The order lifecycle (DESIGN §2, docs/decisions.md "Order lifecycle"): for every status, every
 * action and every role, whether the action is allowed and what it does to the order. The server
 * applies it (features/lifecycle), the console shows only what it allows.
 */

/** Work in progress: staff move orders among these freely. */
export const OPEN_STATUSES = ['New', 'Awaiting', 'AwaitingGovt', 'Contact Customer'] as const satisfies Status[];
/** The document reached the customer (or the order ended after it did). */
export const DELIVERED_STATUSES = ['Completed', 'Customer Called', 'ChargeBack', 'Refunds'] as const satisfies Status[];
/** Never a target of "Move to …": New (intake, release, restore), Pending (upload), Deleted (delete). */
const NOT_MOVE_TARGETS = ['New', 'Pending', 'Deleted'] as const satisfies Status[];
export type MoveTarget = Exclude<Status, (typeof NOT_MOVE_TARGETS)[number]>;
/** Targets of "Move to …": every other status, in the order of STATUSES. */
export const MOVE_TARGETS: readonly MoveTarget[] = STATUSES.filter(
  (status): status is MoveTarget => !isIn(NOT_MOVE_TARGETS, status),
);

export type MoveAction = `move:${MoveTarget}`;
export const MOVE_ACTIONS = MOVE_TARGETS.map((to) => `move:${to}` as MoveAction);

export const ORDER_ACTIONS = [
  ...MOVE_ACTIONS,
  'claim',
  'release',
  'reassign',
  'upload',
  'deliver',
  'resend',
  'invoice',
  'comment',
  'refund',
  'delete',
  'restore',
  'erase',
] as const;
export type OrderAction = MoveAction | (typeof ORDER_ACTIONS)[number];

/** Staff roles plus the system itself (mail delivery, delivery events, dispute outcomes, retention). */
export const LIFECYCLE_ROLES = [...ROLES, 'System'] as const;
export type LifecycleRole = (typeof LIFECYCLE_ROLES)[number];

const STAFF: readonly LifecycleRole[] = ROLES;
const LEADS: readonly LifecycleRole[] = ['Admin', 'Manager'];
const ADMIN: readonly LifecycleRole[] = ['Admin'];
const SYSTEM: readonly LifecycleRole[] = ['System'];
const STAFF_AND_SYSTEM: readonly LifecycleRole[] = LIFECYCLE_ROLES;

/** What an allowed action does to the order's lifecycle columns. */
export type Effect =
  /** process_status becomes `to` ('previous' = previous_status); previous_status kept when deleting */
  | { kind: 'status'; to: Status | 'previous' }
  /** upload: from an open status or Pending the order waits for delivery; a delivered order keeps its status */
  | { kind: 'upload'; to: Status | 'same' }
  | { kind: 'claim' }
  | { kind: 'release' }
  | { kind: 'reassign' }
  | { kind: 'refund' }
  | { kind: 'erase' }
  /** allowed, changes nothing of the lifecycle (resend, invoice, comment) */
  | { kind: 'none' };

export interface Rule {
  /** who may act on an order in this status */
  roles: readonly LifecycleRole[];
  effect: Effect;
  /** who may act when the order is claimed (status New, assigned to someone): narrower than roles */
  claimedRoles?: readonly LifecycleRole[];
  /** who may act when the order is refunded (refund date set): narrower than roles */
  refundedRoles?: readonly LifecycleRole[];
}

export type TransitionTable = Readonly<Record<Status, Readonly<Partial<Record<OrderAction, Rule>>>>>;

function isIn<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

export const isOpenStatus = (status: string): boolean => isIn(OPEN_STATUSES, status);
export const isDeliveredStatus = (status: string): boolean => isIn(DELIVERED_STATUSES, status);

/** The rules of one status, written out once from the principles above. */
function rulesFor(status: Status): Partial<Record<OrderAction, Rule>> {
  if (status === 'Deleted') {
    return {
      comment: { roles: STAFF, effect: { kind: 'none' } },
      restore: { roles: LEADS, effect: { kind: 'status', to: 'previous' } },
      erase: { roles: [...ADMIN, ...SYSTEM], effect: { kind: 'erase' } },
    };
  }
  const rules: Partial<Record<OrderAction, Rule>> = {};
  const refunded = status === 'Refunds' ? { refundedRoles: [...LEADS, ...SYSTEM] } : {};
  for (const to of MOVE_TARGETS) {
    if (to === status) continue;
    rules[`move:${to}`] = { roles: STAFF_AND_SYSTEM, effect: { kind: 'status', to }, ...refunded };
  }
  if (status === 'New') {
    rules.claim = { roles: STAFF, effect: { kind: 'claim' } };
    // Releasing one's own claim is checked per order (holder); others' claims are for leads.
    rules.release = { roles: STAFF_AND_SYSTEM, effect: { kind: 'release' } };
    rules.reassign = { roles: LEADS, effect: { kind: 'reassign' } };
  }
  rules.upload = {
    roles: STAFF,
    effect: { kind: 'upload', to: isDeliveredStatus(status) ? 'same' : 'Pending' },
  };
  if (status === 'Pending') rules.deliver = { roles: SYSTEM, effect: { kind: 'status', to: 'Completed' } };
  // The product re-sends a refused document e-mail through the other provider by itself.
  rules.resend = { roles: STAFF_AND_SYSTEM, effect: { kind: 'none' } };
  rules.invoice = { roles: STAFF, effect: { kind: 'none' } };
  rules.comment = { roles: STAFF, effect: { kind: 'none' } };
  if (status === 'Refunds') rules.refund = { roles: STAFF, effect: { kind: 'refund' } };
  rules.delete = { roles: LEADS, effect: { kind: 'status', to: 'Deleted' }, claimedRoles: ADMIN, ...refunded };
  rules.erase = { roles: [...ADMIN, ...SYSTEM], effect: { kind: 'erase' } };
  return rules;
}

/** Every status × action: the rule, or absent when the action is never allowed in that status. */
export const TRANSITIONS: TransitionTable = Object.freeze(
  Object.fromEntries(STATUSES.map((status) => [status, Object.freeze(rulesFor(status))])) as Record<
    Status,
    Partial<Record<OrderAction, Rule>>
  >,
);

/** What the lifecycle needs to know of an order. */
export interface OrderState {
  status: Status;
  /** the member holding the order (assigned_to), or null */
  assignedTo: number | null;
  /** refund date set */
  refunded: boolean;
  /** personal data erased: read-only for everyone */
  erased: boolean;
  /** processed-by credit held */
  credited: boolean;
  /** the status before deletion, where restore returns the order (New when unknown) */
  previousStatus?: Status | null;
}

export interface LifecycleActorRef {
  role: LifecycleRole;
  /** the staff member's id; null for the system */
  id: number | null;
}

/** Why an action was refused; `role` answers 403, the rest 409 (404 for not-found). */
export const SKIP_REASONS = [
  'not-found',
  'erased',
  'deleted',
  'not-allowed',
  'role',
  'claimed',
  'taken',
  'not-claimed',
  'not-yours',
  'refunded',
  'unchanged',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export type CreditChange = 'give' | 'keep' | 'withdraw';

export type Decision =
  | { allowed: true; effect: Effect; to: Status; credit: CreditChange }
  | { allowed: false; reason: SkipReason };

/** Claimed = New and assigned to a member: it sits in their My Orders. */
export function isClaimed(state: Pick<OrderState, 'status' | 'assignedTo'>): boolean {
  return state.status === 'New' && state.assignedTo !== null;
}

/**
 * Processed-by credit: given by the action that completes the order (delivery of the upload or
 * a move to Completed) when the order had none or came from outside the delivered statuses; kept
 * among delivered statuses (and through delete/restore); withdrawn on a return to an open status.
 */
export function creditChange(action: OrderAction, state: OrderState, to: Status): CreditChange {
  if (isOpenStatus(to) && state.credited) return 'withdraw';
  const completes = action === 'deliver' || action === 'move:Completed';
  if (completes && (!state.credited || !isDeliveredStatus(state.status))) return 'give';
  return 'keep';
}

/** The one decision: may this actor do this to this order, and what follows. */
export function decideOrderAction(state: OrderState, action: OrderAction, actor: LifecycleActorRef): Decision {
  if (state.erased) return { allowed: false, reason: 'erased' };
  const rule = TRANSITIONS[state.status][action];
  if (action.startsWith('move:') && action.slice(5) === state.status) return { allowed: false, reason: 'unchanged' };
  if (!rule) return { allowed: false, reason: state.status === 'Deleted' ? 'deleted' : 'not-allowed' };
  if (!rule.roles.includes(actor.role)) return { allowed: false, reason: 'role' };
  if (rule.refundedRoles && state.refunded && !rule.refundedRoles.includes(actor.role)) {
    return { allowed: false, reason: 'refunded' };
  }
  const claimed = isClaimed(state);
  if (rule.claimedRoles && claimed && !rule.claimedRoles.includes(actor.role))
    return { allowed: false, reason: 'claimed' };
  const effect = rule.effect;
  if (effect.kind === 'claim' && claimed) {
    return state.assignedTo === actor.id
      ? { allowed: false, reason: 'unchanged' }
      : { allowed: false, reason: 'taken' };
  }
  if (effect.kind === 'release') {
    if (!claimed) return { allowed: false, reason: 'not-claimed' };
    if (state.assignedTo !== actor.id && !isIn([...LEADS, ...SYSTEM], actor.role)) {
      return { allowed: false, reason: 'not-yours' };
    }
  }
  if (effect.kind === 'refund' && state.refunded) return { allowed: false, reason: 'unchanged' };
  const to = targetOf(effect, state);
  return { allowed: true, effect, to, credit: creditChange(action, state, to) };
}

function targetOf(effect: Effect, state: OrderState): Status {
  if (effect.kind === 'status') {
    if (effect.to !== 'previous') return effect.to;
    const previous = state.previousStatus;
    return previous && previous !== 'Deleted' ? previous : 'New';
  }
  if (effect.kind === 'upload') return effect.to === 'same' ? state.status : effect.to;
  if (effect.kind === 'erase') return 'Deleted';
  return state.status;
}

/** Shorthand for the console: is the action offered for this order to this role? */
export function canDoOrderAction(state: OrderState, action: OrderAction, actor: LifecycleActorRef): boolean {
  return decideOrderAction(state, action, actor).allowed;
}

/** How a refusal reads in a message ("100123 already taken by Demo Team"). */
export const SKIP_MESSAGES: Record<SkipReason, string> = {
  'not-found': 'not found',
  erased: 'personal data erased: the order is read-only',
  deleted: 'deleted: restore it first',
  'not-allowed': 'not allowed in this status',
  role: 'not allowed for your role',
  claimed: "in someone's My Orders: only an Admin can do that",
  taken: 'already taken',
  'not-claimed': 'not assigned to anyone',
  'not-yours': 'assigned to someone else',
  refunded: 'already refunded: only an Admin or a Manager can move it',
  unchanged: 'already done',
};

/**
 * The error code of a refusal: the role may not (403), the order is gone (404), someone else
 * holds it (409 claim conflict), or its state refuses the action (409).
 */
export const REFUSAL_CODES: Record<SkipReason, ErrorCode> = {
  'not-found': 'ORDER_NOT_FOUND',
  role: 'FORBIDDEN_ROLE',
  taken: 'CLAIM_CONFLICT',
  erased: 'TRANSITION_NOT_ALLOWED',
  deleted: 'TRANSITION_NOT_ALLOWED',
  'not-allowed': 'TRANSITION_NOT_ALLOWED',
  claimed: 'TRANSITION_NOT_ALLOWED',
  'not-claimed': 'TRANSITION_NOT_ALLOWED',
  'not-yours': 'TRANSITION_NOT_ALLOWED',
  refunded: 'TRANSITION_NOT_ALLOWED',
  unchanged: 'TRANSITION_NOT_ALLOWED',
};

export function moveAction(to: MoveTarget): MoveAction {
  return `move:${to}`;
}

export function isMoveTarget(status: string): status is MoveTarget {
  return isIn(MOVE_TARGETS, status);
}

/** A per-order answer of a lifecycle action, as the server returns it. */
export interface OrderOutcome {
  orderId: number;
  done: boolean;
  reason?: SkipReason;
  heldBy?: string | null;
}

/** "100123 already taken by Demo Team" */
export function describeSkip(outcome: OrderOutcome): string {
  const reason = outcome.reason ?? 'not-allowed';
  const holder = outcome.heldBy;
  if (reason === 'taken' && holder) return `${outcome.orderId} already taken by ${holder}`;
  if (reason === 'claimed' && holder)
    return `${outcome.orderId} is in ${holder}'s My Orders: only an Admin can do that`;
  if (reason === 'not-yours' && holder) return `${outcome.orderId} is assigned to ${holder}`;
  return `${outcome.orderId} ${SKIP_MESSAGES[reason]}`;
}

/** What a bulk action did and skipped: "2 assigned; 100123 already taken by Demo Team". */
export function summariseOutcomes(verb: string, outcomes: readonly OrderOutcome[]): string {
  const done = outcomes.filter((o) => o.done).length;
  const skipped = outcomes.filter((o) => !o.done);
  const head = done ? `${done} ${verb}` : `None ${verb}`;
  return skipped.length ? `${head}; ${skipped.map(describeSkip).join('; ')}` : head;
}

/** The past-tense verb of an action in bulk messages. */
export function actionVerb(action: OrderAction): string {
  if (action.startsWith('move:')) return `moved to ${statusLabel(action.slice(5))}`;
  const verbs: Record<string, string> = {
    claim: 'assigned',
    release: 'released',
    reassign: 'reassigned',
    upload: 'uploaded',
    deliver: 'completed',
    resend: 'resent',
    invoice: 'invoiced',
    comment: 'commented',
    refund: 'refunded',
    delete: 'deleted',
    restore: 'restored',
    erase: 'erased',
  };
  return verbs[action] ?? action;
}

/** Every order starts here: intake stores paid applications as New (DESIGN §2). */
export const INTAKE_STATUS: Status = 'New';

/** The lifecycle state of an order as the console sees it (the detail shows the holder's name, not id). */
export function lifecycleStateOf(
  order: {
    process_status: string;
    previous_status?: string | null;
    assign_to?: string | null;
    refund_date?: string | null;
    erased_at?: string | null;
    processed_by?: string | null;
  },
  me: { id: number; name: string } | null,
): OrderState {
  const status = (STATUSES as readonly string[]).includes(order.process_status)
    ? (order.process_status as Status)
    : 'New';
  const previous = order.previous_status;
  return {
    status,
    // Someone else's claim reads as id -1: only "is it mine" matters to what is offered.
    assignedTo: order.assign_to ? (me && order.assign_to === me.name ? me.id : -1) : null,
    refunded: !!order.refund_date,
    erased: !!order.erased_at,
    credited: !!order.processed_by,
    previousStatus: previous && (STATUSES as readonly string[]).includes(previous) ? (previous as Status) : null,
  };
}
