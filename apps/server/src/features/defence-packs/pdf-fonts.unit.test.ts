import fc from 'fast-check';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { FONT, fontProgramsBuiltCount, registerFonts, unicodeMapsBuiltCount } from './pdf-fonts';
import { pdfToBuffer } from './pdf-layout';
import { pdfPages } from './pdf-text';

const CREATED = new Date('2025-03-10T12:00:00Z');

/** A small letter in every font; `shareFontPrograms: false` leaves building the fonts to pdfkit. */
function letter(lines: string[], shareFontPrograms: boolean): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', font: '', info: { Title: 'Test', CreationDate: CREATED } });
  registerFonts(doc, { shareFontPrograms });
  const fonts = Object.values(FONT);
  lines.forEach((text, i) => {
    doc.font(fonts[i % fonts.length] ?? FONT.regular).text(text, 50, 50 + i * 20, { lineBreak: false });
  });
  return pdfToBuffer(doc);
}

// Latin, Greek and Cyrillic letters as names bring them, and the letters' own punctuation.
const nameChar = fc.oneof(
  fc.integer({ min: 0x20, max: 0x7e }),
  fc.integer({ min: 0xc0, max: 0x17f }),
  fc.integer({ min: 0x391, max: 0x3c9 }),
  fc.integer({ min: 0x410, max: 0x44f }),
  fc.constantFrom(0xb7, 0x2026, 0x2013, 0x2019),
);
const text = fc.array(nameChar, { minLength: 1, maxLength: 30 }).map((codes) => String.fromCodePoint(...codes));

describe('the letters’ fonts', () => {
  it('reused font programs give the same PDF, byte for byte, as pdfkit building its own', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 6 }), async (lines) => {
        const [shared, own] = await Promise.all([letter(lines, true), letter(lines, false)]);
        expect(shared.equals(own)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('builds each font and its ToUnicode map once for letters in English, whatever their words', async () => {
    await letter(['Order 104242', 'Jane Traveller', 'Approved', 'Page 1 of 2'], true);
    const [programs, maps] = [fontProgramsBuiltCount(), unicodeMapsBuiltCount()];
    const other = await letter(['Order 999871', 'Kim O’Neil · kim@example.net', 'Refused…', 'Page 3 of 3'], true);
    expect(fontProgramsBuiltCount()).toBe(programs);
    expect(unicodeMapsBuiltCount()).toBe(maps);
    expect((await pdfPages(other)).join(' ')).toContain('Kim O’Neil · kim@example.net');
  });

  it('a name in another alphabet gets a font program holding its glyphs, and reads back as text', async () => {
    const [programs, maps] = [fontProgramsBuiltCount(), unicodeMapsBuiltCount()];
    const pdf = await letter(['Łukasz Đặng', 'Ζωή Юлия'], true);
    expect(fontProgramsBuiltCount()).toBe(programs + 2);
    expect(unicodeMapsBuiltCount()).toBe(maps + 2);
    const shown = (await pdfPages(pdf)).join(' ');
    expect(shown).toContain('Łukasz Đặng');
    expect(shown).toContain('Ζωή Юлия');
  });

  it('a letter drawn after one with a composed letter still copies out every letter', async () => {
    // DejaVu draws "й" from "и" and a breve: building the first letter's font made an "и" with no text.
    await letter(['Андрей', 'Андрей', 'Андрей', 'Андрей'], true);
    const shown = (await pdfPages(await letter(['Юлия', 'Юлия', 'Юлия', 'Юлия'], true))).join(' ');
    expect(shown.match(/Юлия/g)).toHaveLength(4);
  });
});
