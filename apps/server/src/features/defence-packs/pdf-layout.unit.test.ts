import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPdf, FONT, fit } from './pdf-layout';

/** The plain rule: drop one character at a time until the rest and the ellipsis fit. */
function fitOneByOne(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let end = text.length;
  while (end > 0 && doc.widthOfString(`${text.slice(0, end)}…`) > width) end--;
  return `${text.slice(0, end)}…`;
}

describe('fit', () => {
  const doc = createPdf('Test', 'Test').fontSize(8.5);
  const agent = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile';

  it('keeps text that fits and cuts the rest with an ellipsis inside the width', () => {
    expect(fit(doc, 'Chrome 124', 200)).toBe('Chrome 124');
    const cut = fit(doc, agent, 120);
    expect(cut.endsWith('…')).toBe(true);
    expect(doc.widthOfString(cut)).toBeLessThanOrEqual(120);
    expect(agent.startsWith(cut.slice(0, -1))).toBe(true);
  });

  it('cuts where dropping one character at a time would', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.integer({ min: 1, max: 300 }), (text, width) => {
        expect(fit(doc, text, width)).toBe(fitOneByOne(doc, text, width));
      }),
      { numRuns: 300 },
    );
  });

  it('cuts e-mails and names in any font and alphabet where dropping one character at a time would', () => {
    const texts = fc.oneof(fc.emailAddress(), fc.string({ unit: 'grapheme', maxLength: 60 }));
    fc.assert(
      fc.property(
        texts,
        fc.constantFrom(...Object.values(FONT)),
        fc.integer({ min: 1, max: 300 }),
        (text, font, width) => {
          doc.font(font).fontSize(9);
          expect(fit(doc, text, width)).toBe(fitOneByOne(doc, text, width));
        },
      ),
      { numRuns: 300 },
    );
  });
});
