import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sectionTitle } from './evidence-sections';
import { createPdf, PAGE, PAGE_BOTTOM } from './pdf-layout';
import { table } from './pdf-table';

const columns = [
  { header: '#', weight: 1 },
  { header: 'Date & Time', weight: 3 },
];

describe('sectionTitle', () => {
  it('stays on the page of its table: the table never starts a new page right below its title', () => {
    fc.assert(
      fc.property(fc.double({ min: PAGE.margin, max: PAGE_BOTTOM, noNaN: true }), (y) => {
        const doc = createPdf('Test', 'Test');
        const below = sectionTitle(doc, 'Enclosure C: Email History', y);
        const titlePage = doc.bufferedPageRange().count;
        table(doc, columns, [['1', '19/03/2026 22:00']], below, 'No record found');
        expect(doc.bufferedPageRange().count).toBe(titlePage);
      }),
      { numRuns: 300 },
    );
  });

  it('starts the next page when its table would not fit below it, and stays put when it would', () => {
    const low = createPdf('Test', 'Test');
    expect(sectionTitle(low, 'Enclosure C', PAGE_BOTTOM - 50)).toBe(PAGE.margin + 22);
    expect(low.bufferedPageRange().count).toBe(2);
    const high = createPdf('Test', 'Test');
    expect(sectionTitle(high, 'Enclosure C', PAGE_BOTTOM - 70)).toBe(PAGE_BOTTOM - 48);
    expect(high.bufferedPageRange().count).toBe(1);
  });
});
