import { describe, expect, it } from 'vitest';
import { addDaysIso, daysLeft, isDisputeOutcome, reasonCodeLabel } from './disputes';
import { disputeInput, disputeIntakeInput } from './schemas/disputes';

describe('dispute rules', () => {
  it('counts whole days to the deadline, negative when overdue, across month ends', () => {
    expect(daysLeft('2026-12-01', '2026-11-29')).toBe(2);
    expect(daysLeft('2026-11-29', '2026-11-29')).toBe(0);
    expect(daysLeft('2026-11-28', '2026-11-29')).toBe(-1);
    expect(addDaysIso('2026-12-30', 3)).toBe('2027-01-02');
  });

  it('knows the outcomes and the meaning of common reason codes', () => {
    expect(['won', 'lost', 'accepted'].every(isDisputeOutcome)).toBe(true);
    expect(isDisputeOutcome('submitted')).toBe(false);
    expect(reasonCodeLabel('13.1', 'Visa')).toBe('13.1 – Services not provided or merchandise not received');
    expect(reasonCodeLabel('ZZ9', 'Visa')).toBe('ZZ9');
  });

  it('validates a dispute with readable messages and normalises empty values', () => {
    const ok = disputeInput.parse({
      network: 'Amex',
      reasonCode: ' C08 ',
      currency: 'nzd',
      respondBy: '',
      state: 'submitted',
    });
    expect(ok).toMatchObject({ reasonCode: 'C08', currency: 'NZD', respondBy: null, amount: null, notes: null });
    const bad = disputeInput.safeParse({ network: 'Amex', reasonCode: 'C08', respondBy: '2026-02-30', state: 'won' });
    expect(bad.error?.issues[0]?.message).toBe('Please enter the respond-by date as YYYY-MM-DD.');
    const neither = disputeIntakeInput.safeParse({
      disputeId: 'dp_1',
      reasonCode: '10.4',
      amount: '5',
      currency: 'USD',
    });
    expect(neither.error?.issues[0]?.message).toBe('Please send the transaction id or the order id.');
  });
});
