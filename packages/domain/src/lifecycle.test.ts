import { describe, expect, it } from 'vitest';
import {
  DELIVERED_STATUSES,
  decideOrderAction,
  LIFECYCLE_ROLES,
  type LifecycleRole,
  OPEN_STATUSES,
  ORDER_ACTIONS,
  type OrderAction,
  type OrderState,
  TRANSITIONS,
} from './lifecycle';
import { STATUSES, type Status } from './statuses';

const ME = 7;
const OTHER = 8;
const idOf = (role: LifecycleRole) => (role === 'System' ? null : ME);
const state = (status: Status, extra: Partial<OrderState> = {}): OrderState => ({
  status,
  assignedTo: null,
  refunded: false,
  erased: false,
  credited: false,
  previousStatus: null,
  ...extra,
});

const LEAD = (role: LifecycleRole) => role === 'Admin' || role === 'Manager';
const STAFF = (role: LifecycleRole) => role !== 'System';
const open = (s: Status) => (OPEN_STATUSES as readonly Status[]).includes(s);
const delivered = (s: Status) => (DELIVERED_STATUSES as readonly Status[]).includes(s);

/** The rules in words (docs/decisions.md), written independently of the table. */
function expected(s: OrderState, action: OrderAction, role: LifecycleRole): boolean {
  if (s.erased) return false;
  const claimed = s.status === 'New' && s.assignedTo !== null;
  if (action.startsWith('move:')) {
    const to = action.slice(5);
    if (s.status === 'Deleted' || to === s.status) return false;
    if (s.status === 'Refunds' && s.refunded) return LEAD(role) || role === 'System';
    return true;
  }
  switch (action) {
    case 'claim':
      return s.status === 'New' && STAFF(role) && !claimed;
    case 'release':
      return claimed && (LEAD(role) || role === 'System' || s.assignedTo === idOf(role));
    case 'reassign':
      return s.status === 'New' && LEAD(role);
    case 'upload':
      return (open(s.status) || delivered(s.status) || s.status === 'Pending') && STAFF(role);
    case 'deliver':
      return s.status === 'Pending' && role === 'System';
    case 'resend':
      return s.status !== 'Deleted' && (STAFF(role) || role === 'System');
    case 'invoice':
      return s.status !== 'Deleted' && STAFF(role);
    case 'comment':
      return STAFF(role);
    case 'refund':
      return s.status === 'Refunds' && !s.refunded && STAFF(role);
    case 'delete':
      if (s.status === 'Deleted') return false;
      return claimed ? role === 'Admin' : LEAD(role);
    case 'restore':
      return s.status === 'Deleted' && LEAD(role);
    case 'erase':
      return role === 'Admin' || role === 'System';
    default:
      throw new Error(`no expectation for ${action}`);
  }
}

const VARIANTS: Array<[string, (s: Status) => OrderState]> = [
  ['plain', (s) => state(s)],
  ['claimed by me', (s) => state(s, { assignedTo: ME })],
  ['claimed by another', (s) => state(s, { assignedTo: OTHER })],
  ['refunded', (s) => state(s, { refunded: true })],
  ['erased', (s) => state(s, { erased: true })],
];

describe('transition table', () => {
  for (const [variant, make] of VARIANTS) {
    for (const status of STATUSES) {
      it(`${status} (${variant}): every action × role as the rules say`, () => {
        const wrong: string[] = [];
        for (const action of ORDER_ACTIONS) {
          for (const role of LIFECYCLE_ROLES) {
            const decision = decideOrderAction(make(status), action, { role, id: idOf(role) });
            if (decision.allowed !== expected(make(status), action, role)) {
              wrong.push(`${action} by ${role}: ${decision.allowed ? 'allowed' : `refused (${decision.reason})`}`);
            }
          }
        }
        expect(wrong).toEqual([]);
      });
    }
  }

  it('has a row for every status and never offers New or Pending as move targets', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...STATUSES].sort());
    for (const rules of Object.values(TRANSITIONS)) {
      expect(Object.keys(rules)).not.toContain('move:New');
      expect(Object.keys(rules)).not.toContain('move:Pending');
      expect(Object.keys(rules)).not.toContain('move:Deleted');
    }
  });
});

describe('effects', () => {
  const admin = { role: 'Admin', id: ME } as const;
  const team = { role: 'Team', id: ME } as const;
  const system = { role: 'System', id: null } as const;

  it('upload: open and Pending orders wait for delivery, delivered orders keep their status', () => {
    for (const s of [...OPEN_STATUSES, 'Pending'] as Status[]) {
      expect(decideOrderAction(state(s), 'upload', team)).toMatchObject({ allowed: true, to: 'Pending' });
    }
    for (const s of DELIVERED_STATUSES) {
      expect(decideOrderAction(state(s, { credited: true }), 'upload', team)).toMatchObject({
        allowed: true,
        to: s,
        credit: 'keep',
      });
    }
    expect(decideOrderAction(state('Deleted'), 'upload', admin)).toEqual({ allowed: false, reason: 'deleted' });
    expect(decideOrderAction(state('Completed', { erased: true }), 'upload', admin)).toEqual({
      allowed: false,
      reason: 'erased',
    });
  });

  it('delivery completes a Pending order with credit; restore returns to the previous status', () => {
    expect(decideOrderAction(state('Pending'), 'deliver', system)).toMatchObject({ to: 'Completed', credit: 'give' });
    expect(decideOrderAction(state('Deleted', { previousStatus: 'ChargeBack' }), 'restore', admin)).toMatchObject({
      to: 'ChargeBack',
    });
    expect(decideOrderAction(state('Deleted'), 'restore', admin)).toMatchObject({ to: 'New' });
  });

  it('credit: given on completion, kept among delivered statuses, withdrawn on a return to open', () => {
    expect(decideOrderAction(state('New'), 'move:Completed', team)).toMatchObject({ credit: 'give' });
    const done = state('Completed', { credited: true });
    expect(decideOrderAction(done, 'move:ChargeBack', team)).toMatchObject({ credit: 'keep' });
    expect(decideOrderAction(done, 'move:Awaiting', team)).toMatchObject({ credit: 'withdraw' });
    expect(decideOrderAction(done, 'delete', admin)).toMatchObject({ credit: 'keep' });
    expect(decideOrderAction(state('Customer Called', { credited: true }), 'move:Completed', team)).toMatchObject({
      credit: 'keep',
    });
    expect(decideOrderAction(state('Awaiting'), 'move:Refunds', team)).toMatchObject({ credit: 'keep' });
  });

  it('the system moves a bounced Completed order to Contact Customer and a lost dispute to Refunds', () => {
    expect(decideOrderAction(state('Completed', { credited: true }), 'move:Contact Customer', system)).toMatchObject({
      allowed: true,
      to: 'Contact Customer',
      credit: 'withdraw',
    });
    expect(decideOrderAction(state('ChargeBack', { credited: true }), 'move:Refunds', system)).toMatchObject({
      allowed: true,
      to: 'Refunds',
      credit: 'keep',
    });
  });

  it('names why an action is refused', () => {
    expect(decideOrderAction(state('New', { assignedTo: OTHER }), 'claim', team)).toEqual({
      allowed: false,
      reason: 'taken',
    });
    expect(decideOrderAction(state('New', { assignedTo: OTHER }), 'delete', { role: 'Manager', id: ME })).toEqual({
      allowed: false,
      reason: 'claimed',
    });
    expect(decideOrderAction(state('Refunds', { refunded: true }), 'move:Completed', team)).toEqual({
      allowed: false,
      reason: 'refunded',
    });
    expect(decideOrderAction(state('New'), 'delete', team)).toEqual({ allowed: false, reason: 'role' });
    expect(decideOrderAction(state('Deleted'), 'move:Completed', admin)).toEqual({ allowed: false, reason: 'deleted' });
  });
});
