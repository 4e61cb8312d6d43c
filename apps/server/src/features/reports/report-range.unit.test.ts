import { describe, expect, it } from 'vitest';
import { planRollupRange } from './report-range';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const show = (plan: ReturnType<typeof planRollupRange>) => ({
  months: plan.months && { from: iso(plan.months.from), to: iso(plan.months.to) },
  days: plan.days.map((d) => ({ from: iso(d.from), to: iso(d.to), sign: d.sign })),
  edges: plan.edges.map((d) => ({ from: iso(d.from), to: iso(d.to), sign: d.sign })),
});

describe('planRollupRange', () => {
  it('reads a year in New York as twelve months, less the hours before its first midnight', () => {
    const plan = planRollupRange(at('2025-01-01T05:00:00Z'), at('2026-01-01T05:00:00Z'));
    expect(show(plan)).toEqual({
      months: { from: '2025-01-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' },
      days: [],
      edges: [
        { from: '2025-01-01T00:00:00.000Z', to: '2025-01-01T05:00:00.000Z', sign: -1 },
        { from: '2026-01-01T00:00:00.000Z', to: '2026-01-01T05:00:00.000Z', sign: 1 },
      ],
    });
  });

  it('reads a few days inside one month as days and edges, never a month', () => {
    const plan = planRollupRange(at('2025-03-10T11:00:00Z'), at('2025-03-13T11:00:00Z'));
    expect(show(plan)).toEqual({
      months: null,
      days: [{ from: '2025-03-11T00:00:00.000Z', to: '2025-03-13T00:00:00.000Z', sign: 1 }],
      edges: [
        { from: '2025-03-10T11:00:00.000Z', to: '2025-03-11T00:00:00.000Z', sign: 1 },
        { from: '2025-03-13T00:00:00.000Z', to: '2025-03-13T11:00:00.000Z', sign: 1 },
      ],
    });
  });

  it('reads everything from the monthly table when the range is open', () => {
    expect(show(planRollupRange(null, null))).toEqual({ months: { from: null, to: null }, days: [], edges: [] });
  });
});
