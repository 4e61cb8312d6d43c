import { describe, expect, it } from 'vitest';
import { MOVE_TARGETS } from '../lifecycle';
import { STATUS_MOVES } from '../statuses';
import { groupMovesByKind, MOVE_KINDS, moveKindOf } from './move-kinds';

describe('status moves by kind', () => {
  it('gives every move target, Delete and the other order buttons a kind', () => {
    for (const status of [...MOVE_TARGETS, 'Deleted', 'restore', 'release', 'erase'] as const) {
      expect(MOVE_KINDS).toContain(moveKindOf(status));
    }
  });

  it('parks, pays back and removes in their own groups', () => {
    const expected = {
      progress: ['Completed'],
      waiting: ['Awaiting', 'AwaitingGovt', 'Contact Customer'],
      money: ['Refunds', 'ChargeBack'],
      removal: ['Deleted', 'erase'],
    } as const;
    for (const [kind, moves] of Object.entries(expected)) {
      expect(moves.map(moveKindOf), kind).toEqual(moves.map(() => kind));
    }
  });

  it('groups the order page moves in kind order, keeping their own order and leaving empty kinds out', () => {
    const groups = groupMovesByKind(
      STATUS_MOVES.filter((m) => m.status !== 'Deleted'),
      (m) => m.status,
    );
    expect(groups.map((g) => g.kind)).toEqual(['progress', 'waiting', 'money']);
    expect(groups.map((g) => g.label)).toEqual(['Progress', 'Waiting on someone', 'Money']);
    expect(groups[0]?.moves.map((m) => m.label)).toEqual(['Completed Orders', 'Customer Called']);
    expect(groups[1]?.moves.map((m) => m.label)).toEqual(['Awaiting Response', 'Contact Customer', 'Awaiting Govt']);
    expect(groups[2]?.moves.map((m) => m.label)).toEqual(['Completed Refunds', 'ChargeBack']);
  });
});
