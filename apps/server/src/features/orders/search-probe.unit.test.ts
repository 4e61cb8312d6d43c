import { describe, expect, it } from 'vitest';
import { probeOf } from './search-probe';

/** 1,000 sampled texts: these, then filler that holds none of the terms below. */
const stats = (shares: Record<string, number>, texts: string[] = []): Parameters<typeof probeOf>[1] => {
  const samples = [
    ...texts,
    ...Array.from({ length: 1000 - texts.length }, (_, i) => `${i} ann lee ann.lee@gmail.com`),
  ];
  return {
    sampleText: samples.join('\n'),
    sampleCount: samples.length,
    trigramShares: new Map(Object.entries(shares)),
    unlistedShare: 0.001,
  };
};

describe('the part of a rare term the trigram index is asked for', () => {
  it('leaves out the common trigram of the term', () => {
    const shares = { net: 0.34, etr: 0.015, tra: 0.05, rai: 0.07, aiz: 0.014, izu: 0.003 };
    expect(probeOf('netraizu', stats(shares))).toBe('raizu');
  });

  it('takes a part of five characters, whose trigrams are counted as rare when not listed', () => {
    const common = { '709': 0.05, '095': 0.05, '953': 0.05, '763': 0.05, '637': 0.05 };
    expect(probeOf('7095347637', stats(common))).toBe('53476');
  });

  it('asks for the whole term when reading all its trigrams costs less than checking a part', () => {
    expect(probeOf('7095347637', stats({ '709': 0.01, '095': 0.01, '953': 0.01 }))).toBeUndefined();
  });

  it('looks only within runs of letters and digits, whose trigrams are the same in pg_trgm', () => {
    const probe = probeOf('vidou.netraizu@x', stats({ net: 0.34, vid: 0.2 }));
    expect(probe && 'vidou.netraizu@x'.includes(probe)).toBe(true);
    expect(probe).toMatch(/^[a-z0-9]{5}$/);
    expect(probe).not.toMatch(/net|vid/);
  });

  it('does not take a part that many sampled texts hold, whose orders would all be checked', () => {
    const shares = { joh: 0.02, ohn: 0.02, smi: 0.03, mit: 0.03, ith: 0.03, gma: 0.3, mai: 0.3, ail: 0.3, com: 0.5 };
    const johns = Array.from({ length: 20 }, (_, i) => `${i} john lee john.lee@example.net`);
    expect(probeOf('john.smith@gmail.com', stats(shares))).toBe('john');
    expect(probeOf('john.smith@gmail.com', stats(shares, johns))).toBe('smith');
    const smiths = Array.from({ length: 20 }, (_, i) => `${i} ann smith smith@example.net`);
    expect(probeOf('john.smith@gmail.com', stats(shares, [...johns, ...smiths]))).toBeUndefined();
  });

  it('asks for the whole term when it is short, common, not ASCII or without statistics', () => {
    const shares = { tam: 0.07, amo: 0.08, mor: 0.07, ora: 0.08 };
    expect(probeOf('raizu', stats(shares))).toBeUndefined();
    expect(probeOf('tamora', stats(shares, ['9 liam tamora liam@example.net']))).toBeUndefined();
    expect(probeOf('tamoraé', stats(shares))).toBeUndefined();
    expect(probeOf('tamora', stats({}))).toBeUndefined();
    expect(probeOf('tamora', { ...stats(shares), sampleText: '', sampleCount: 0 })).toBeUndefined();
    expect(probeOf('a.b.c.d.e.f', stats(shares))).toBeUndefined();
  });
});
