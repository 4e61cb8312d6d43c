import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTENT_WIDTH, createPdf, FONT, fit, PAGE, paragraph } from './pdf-layout';

/** The plain rule: drop one character at a time until the rest and the ellipsis fit. */
function fitOneByOne(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let end = text.length;
  while (end > 0 && doc.widthOfString(`${text.slice(0, end)}…`) > width) end--;
  return `${text.slice(0, end)}…`;
}

describe('fit', () => {
  // Each test draws in its own document: one test's font and size never leak into another's.
  const newDoc = () => createPdf('Test', 'Test').fontSize(8.5);
  const agent = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile';

  it('keeps text that fits and cuts the rest with an ellipsis inside the width', () => {
    const doc = newDoc();
    expect(fit(doc, 'Chrome 124', 200)).toBe('Chrome 124');
    const cut = fit(doc, agent, 120);
    expect(cut.endsWith('…')).toBe(true);
    expect(doc.widthOfString(cut)).toBeLessThanOrEqual(120);
    expect(agent.startsWith(cut.slice(0, -1))).toBe(true);
  });

  it('cuts where dropping one character at a time would', () => {
    const doc = newDoc();
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), fc.integer({ min: 1, max: 300 }), (text, width) => {
        expect(fit(doc, text, width)).toBe(fitOneByOne(doc, text, width));
      }),
      { numRuns: 300 },
    );
  });

  it('cuts e-mails and names in any font and alphabet where dropping one character at a time would', () => {
    const doc = newDoc();
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

describe('paragraph', () => {
  it('returns the y below its text, as measuring the wrapped text gives it, when it stays on its page', () => {
    const words = fc.array(fc.oneof(fc.emailAddress(), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 14 })), {
      maxLength: 60,
    });
    fc.assert(
      fc.property(
        words,
        fc.integer({ min: 40, max: Math.floor(CONTENT_WIDTH) }),
        fc.boolean(),
        (parts, width, bold) => {
          const doc = createPdf('Test', 'Test');
          const text = parts.join(' ');
          const y = 100;
          const below = paragraph(doc, text, y, { width, bold, size: 9 });
          // A text that flows onto a new page carries on there (the next test), not below y.
          fc.pre(doc.bufferedPageRange().count === 1);
          doc.font(bold ? FONT.bold : FONT.regular).fontSize(9);
          expect(below).toBeCloseTo(y + doc.heightOfString(text, { width, lineGap: 2 }), 9);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('carries on below the part that flowed onto a new page', () => {
    const doc = createPdf('Test', 'Test');
    const below = paragraph(doc, 'A long e-mail body. '.repeat(400), PAGE.height - 200);
    expect(doc.bufferedPageRange().count).toBeGreaterThan(1);
    expect(below).toBeGreaterThan(PAGE.margin);
    expect(below).toBeLessThan(PAGE.height);
  });
});
