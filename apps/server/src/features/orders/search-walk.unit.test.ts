import { describe, expect, it } from 'vitest';
import { walksNewest } from './folder-search';

/** Statistics of `orders` orders whose `holding` of `total` sampled texts hold "tamora" (twice each). */
function stats(holding: number, total: number, orders = 1_000_000) {
  const lines = Array.from({ length: total }, (_, i) =>
    i < holding ? `${i} anna tamora tamora.${i}@example.net` : `${i} ben vidou b${i}@example.net`,
  );
  return { sampleText: lines.join('\n'), sampleCount: total, orders };
}

describe('whether a search term is counted by walking the newest orders', () => {
  it('walks for a term common enough among this many orders: 1.7 % of a million, 5.5 % of 100,000', () => {
    expect(walksNewest('tamora', stats(18, 1000), 1000)).toBe(true);
    expect(walksNewest('tamora', stats(17, 1000), 1000)).toBe(false);
    expect(walksNewest('tamora', stats(55, 1000, 100_000), 1000)).toBe(true);
    expect(walksNewest('tamora', stats(54, 1000, 100_000), 1000)).toBe(false);
    expect(walksNewest('example.net', stats(0, 1000, 100_000), 1000)).toBe(true);
  });

  it('counts each sampled text once, however often it names the term', () => {
    // Each holding text names "tamora" twice: counted twice, 9 texts would pass for 18.
    expect(walksNewest('tamora', stats(9, 1000), 1000)).toBe(false);
    expect(walksNewest('vidou', { sampleText: 'vidou vidou\nc', sampleCount: 2, orders: 1000 }, 99)).toBe(true);
    expect(walksNewest('vidou', { sampleText: 'a b\nc vidou', sampleCount: 2, orders: 1000 }, 99)).toBe(true);
  });

  it('walks sooner for a lower count cap', () => {
    expect(walksNewest('tamora', stats(10, 1000), 1000)).toBe(false);
    expect(walksNewest('tamora', stats(10, 1000), 100)).toBe(true);
  });

  it('never walks for a rare, short or spaced term, nor without statistics', () => {
    const half = stats(500, 1000);
    expect(walksNewest('netraizu', half, 1000)).toBe(false);
    expect(walksNewest('ta', half, 1000)).toBe(false);
    expect(walksNewest('anna tamora', half, 1000)).toBe(false);
    expect(walksNewest('tamora', { sampleText: '', sampleCount: 0, orders: 1_000_000 }, 1000)).toBe(false);
    expect(walksNewest('tamora', { ...half, orders: 0 }, 1000)).toBe(false);
  });
});
