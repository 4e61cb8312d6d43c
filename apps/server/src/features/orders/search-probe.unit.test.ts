import { describe, expect, it } from 'vitest';
import { probeOf, type SearchStats } from './search-probe';

const stats = (shares: Record<string, number>, samples = ['1 ann lee ann.lee@example.net']): SearchStats => ({
  samples,
  trigramShares: new Map(Object.entries(shares)),
  unlistedShare: 0.001,
});

describe('the part of a rare term the trigram index is asked for', () => {
  it('leaves out the common trigram of the term', () => {
    const shares = { net: 0.34, etr: 0.015, tra: 0.05, rai: 0.07, aiz: 0.014, izu: 0.003 };
    expect(probeOf('netraizu', stats(shares))).toBe('raizu');
  });

  it('takes a part of five characters, whose trigrams are counted as rare when not listed', () => {
    expect(probeOf('7095347637', stats({ '709': 0.01, '095': 0.01, '953': 0.01 }))).toBe('53476');
  });

  it('looks only within runs of letters and digits, whose trigrams are the same in pg_trgm', () => {
    const probe = probeOf('vidou.netraizu@x', stats({ net: 0.34, vid: 0.2 }));
    expect(probe && 'vidou.netraizu@x'.includes(probe)).toBe(true);
    expect(probe).toMatch(/^[a-z0-9]{5}$/);
    expect(probe).not.toMatch(/net|vid/);
  });

  it('asks for the whole term when it is short, common, not ASCII or without statistics', () => {
    const shares = { tam: 0.07, amo: 0.08, mor: 0.07, ora: 0.08 };
    expect(probeOf('raizu', stats(shares))).toBeUndefined();
    expect(probeOf('tamora', stats(shares, ['9 liam tamora liam@example.net']))).toBeUndefined();
    expect(probeOf('tamoraé', stats(shares))).toBeUndefined();
    expect(probeOf('tamora', stats({}))).toBeUndefined();
    expect(probeOf('tamora', { ...stats(shares), samples: [] })).toBeUndefined();
    expect(probeOf('a.b.c.d.e.f', stats(shares))).toBeUndefined();
  });
});
