import { describe, expect, it } from 'vitest';
import { paginationRange } from './pagination';

describe('paginationRange (one sibling, ellipses)', () => {
  it('lists every page when they fit', () => {
    expect(paginationRange(1, 0)).toEqual([]);
    expect(paginationRange(1, 1)).toEqual([1]);
    expect(paginationRange(2, 2)).toEqual([1, 2]);
    expect(paginationRange(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('puts ellipses where pages are skipped', () => {
    expect(paginationRange(1, 20)).toEqual([1, 2, 3, 4, 5, 'gap-end', 20]);
    expect(paginationRange(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap-end', 20]);
    expect(paginationRange(5, 20)).toEqual([1, 'gap-start', 4, 5, 6, 'gap-end', 20]);
    expect(paginationRange(17, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
    expect(paginationRange(20, 20)).toEqual([1, 'gap-start', 16, 17, 18, 19, 20]);
  });

  it('keeps the same number of items and clamps a page out of range', () => {
    for (let page = 1; page <= 50; page++) expect(paginationRange(page, 50)).toHaveLength(7);
    expect(paginationRange(99, 20)).toEqual(paginationRange(20, 20));
  });
});
