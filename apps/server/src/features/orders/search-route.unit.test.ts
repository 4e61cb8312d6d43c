import { describe, expect, it } from 'vitest';
import { routeOf } from './folder-search';
import type { SearchStats } from './search-stats';

/** Statistics of a million orders whose sampled texts name "tamora" in 30 of 1,000. */
function stats(): SearchStats {
  const lines = Array.from({ length: 1000 }, (_, i) =>
    i < 30 ? `${i} anna tamora t${i}@example.net` : `${i} ben vidou b${i}@example.net`,
  );
  return {
    sampleText: lines.join('\n'),
    sampleCount: lines.length,
    trigramShares: new Map([['exa', 0.9]]),
    unlistedShare: 0.001,
    shortGramShares: new Map([['a', 0.9]]),
    orders: 1_000_000,
  };
}

describe('how a search term is routed', () => {
  it('walks a common term, asks the index for a rare one, and scans for a common short one', () => {
    const read = stats();
    expect(routeOf('tamora', false, read, 1000)).toEqual({ kind: 'walk' });
    expect(routeOf('netraizu', false, read, 1000)).toMatchObject({ kind: 'rare' });
    expect(routeOf('a', true, read, 1000)).toEqual({ kind: 'short', common: true });
    expect(routeOf('qz', true, read, 1000)).toEqual({ kind: 'short', common: false });
    // "vidou" is in most samples but 3+ characters with a space are never walked.
    expect(routeOf('ben vidou', false, read, 1000)).toEqual({ kind: 'plain' });
  });

  it('decides once per term and reading of the statistics, and afresh for a new reading or cap', () => {
    const read = stats();
    const first = routeOf('tamora', false, read, 1000);
    expect(routeOf('tamora', false, read, 1000)).toBe(first);
    // A lower cap makes the walk worth it sooner: the cap is part of the decision.
    expect(routeOf('tamora', false, read, 10)).not.toBe(first);
    // A new reading in which the term has become rare routes it anew.
    const later = { ...stats(), sampleText: 'ben vidou' };
    expect(routeOf('tamora', false, later, 1000)).toMatchObject({ kind: 'rare' });
  });

  it('routes a term by its length as typed, not by its lower case', () => {
    const read = stats();
    // "İx" is two characters; lowered it is three code points.
    expect(routeOf('i̇x', true, read, 1000)).toMatchObject({ kind: 'short' });
    expect(routeOf('i̇x', false, read, 1000)).not.toMatchObject({ kind: 'short' });
  });
});
