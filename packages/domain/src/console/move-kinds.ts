import type { Status } from '../statuses';

/**
 * What a status move does to the order, so the order page can group its buttons and colour each
 * group the same way everywhere: moving the work on, parking it until someone answers, money
 * going back to the customer, or taking the order out of the lists.
 */
export const MOVE_KINDS = ['progress', 'waiting', 'money', 'removal'] as const;
export type MoveKind = (typeof MOVE_KINDS)[number];

export const MOVE_KIND_LABELS: Record<MoveKind, string> = {
  progress: 'Progress',
  waiting: 'Waiting on someone',
  money: 'Money',
  removal: 'Removal',
};

/** The moves of the order page that are not a status of their own. */
export type OrderMoveButton = Status | 'restore' | 'release' | 'erase';

const KIND_OF: Record<OrderMoveButton, MoveKind> = {
  New: 'progress',
  Pending: 'progress',
  Completed: 'progress',
  'Customer Called': 'progress',
  restore: 'progress',
  release: 'progress',
  Awaiting: 'waiting',
  AwaitingGovt: 'waiting',
  'Contact Customer': 'waiting',
  Refunds: 'money',
  ChargeBack: 'money',
  Deleted: 'removal',
  erase: 'removal',
};

export function moveKindOf(move: OrderMoveButton): MoveKind {
  return KIND_OF[move];
}

/** The buttons grouped by kind, in MOVE_KINDS order, each group keeping the order it was given; empty groups are left out. */
export function groupMovesByKind<T>(moves: readonly T[], buttonOf: (move: T) => OrderMoveButton) {
  return MOVE_KINDS.map((kind) => ({
    kind,
    label: MOVE_KIND_LABELS[kind],
    moves: moves.filter((move) => moveKindOf(buttonOf(move)) === kind),
  })).filter((group) => group.moves.length > 0);
}
