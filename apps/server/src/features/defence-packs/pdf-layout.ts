import { readFileSync } from 'node:fs';
import { DEFAULT_BUSINESS_TZ, formatDateTime, MISSING } from '@nzeta/domain';
import PDFDocument from 'pdfkit';
import { packageFile } from '../../paths';
import type { CompanySettings } from '../mail';

/**
 * Shared drawing for the server's letters (defence packs, evidence bundles, invoices): A4,
 * DejaVu Sans embedded (Bitstream Vera licence, from the dejavu-fonts-ttf package) so names in
 * any Latin-script, Greek or Cyrillic alphabet print and copy out as text — the standard
 * Helvetica knows Western European Latin only. pdfkit embeds only the glyphs a document uses.
 * Absolute positioning with our own cursor so pdfkit never breaks pages behind our back.
 */
export type Pdf = PDFKit.PDFDocument;

const fontFile = (name: string) => readFileSync(packageFile(`dejavu-fonts-ttf/ttf/${name}`));
/** Read once per process. */
const FONT_FILES = {
  regular: fontFile('DejaVuSans.ttf'),
  bold: fontFile('DejaVuSans-Bold.ttf'),
  condensed: fontFile('DejaVuSansCondensed.ttf'),
  condensedBold: fontFile('DejaVuSansCondensed-Bold.ttf'),
};

export const PAGE = { width: 595.28, height: 841.89, margin: 56, bottom: 64 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const COLORS = { brand: '#00247d', text: '#1f2933', muted: '#52606d', line: '#d9dee4', shade: '#f0f3f7' };
/** condensed: evidence tables, where a full browser string must fit its column */
export const FONT = {
  regular: 'Body',
  bold: 'Body-Bold',
  condensed: 'Body-Condensed',
  condensedBold: 'Body-Condensed-Bold',
} as const;
type FontKey = keyof typeof FONT;
const FONT_KEYS = Object.keys(FONT) as FontKey[];

/** lowest y a block may reach before it must go to the next page */
export const PAGE_BOTTOM = PAGE.height - PAGE.bottom;

export function createPdf(title: string, author: string): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: title, Author: author, Creator: author },
    // No default Helvetica (pdfkit loads none for an empty name): parsing its metrics cost every
    // document ~1.5 ms, and it is never used.
    font: '',
  });
  for (const key of FONT_KEYS) doc.registerFont(FONT[key], FONT_FILES[key]);
  shareParsedFonts(doc);
  return doc.font(FONT.regular);
}

/**
 * pdfkit parses a registered font again for every document, about 17 ms of CPU per font before
 * the first line is laid out. The parsed fonts are shared instead: each document gets its own
 * embedding (and subset) around the same parsed font, through pdfkit's font table. Should a
 * pdfkit release change those internals, documents fall back to parsing their own fonts.
 *
 * The shaping of each word (fontkit's layout, a quarter of a pack's CPU time) is shared too: the
 * letters repeat the same sentences and headings, and a word's glyphs and advances depend only on
 * the font. pdfkit keeps them per document; here one bounded cache per font serves them all.
 */
interface EmbeddedFontInternals {
  layoutRun?: (text: string) => unknown;
  layoutCached?: (text: string) => unknown;
}
interface PdfFontInternals {
  _fontFamilies?: Record<string, unknown>;
  _fontCount?: number;
  _font?: { font?: unknown; constructor: new (doc: Pdf, font: unknown, id: string) => EmbeddedFontInternals };
}
let parsed: { embed: NonNullable<PdfFontInternals['_font']>['constructor']; fonts: Map<FontKey, unknown> } | null =
  null;

/** Words shaped per font; emptied when full, so the names and addresses of many orders stay bounded. */
const LAYOUT_CACHE_WORDS = 4_000;
const wordLayouts = new Map<FontKey, Map<string, unknown>>();

function shareWordLayouts(key: FontKey, embedded: EmbeddedFontInternals): void {
  const layoutRun = embedded.layoutRun;
  if (typeof layoutRun !== 'function' || typeof embedded.layoutCached !== 'function') return;
  const words = wordLayouts.get(key) ?? new Map<string, unknown>();
  wordLayouts.set(key, words);
  embedded.layoutCached = (text: string) => {
    let run = words.get(text);
    if (run === undefined) {
      run = layoutRun.call(embedded, text);
      if (words.size >= LAYOUT_CACHE_WORDS) words.clear();
      words.set(text, run);
    }
    return run;
  };
}

function shareParsedFonts(doc: Pdf): void {
  const internals = doc as unknown as PdfFontInternals;
  if (typeof internals._fontCount !== 'number' || !internals._fontFamilies) return;
  if (!parsed) {
    const fonts = new Map<FontKey, unknown>();
    for (const key of FONT_KEYS) {
      // A throwaway document parses each font once for the whole process.
      const probe = new PDFDocument({ autoFirstPage: false, font: '' }) as unknown as PdfFontInternals & Pdf;
      probe.registerFont(FONT[key], FONT_FILES[key]).font(FONT[key]);
      if (!probe._font?.font) return;
      fonts.set(key, probe._font.font);
      parsed = { embed: probe._font.constructor, fonts };
    }
  }
  const shared = parsed;
  if (!shared || shared.fonts.size !== FONT_KEYS.length) return;
  for (const key of FONT_KEYS) {
    internals._fontCount += 1;
    const embedded = new shared.embed(doc, shared.fonts.get(key), `F${internals._fontCount}`);
    shareWordLayouts(key, embedded);
    internals._fontFamilies[FONT[key]] = embedded;
  }
}

/** Ends the document and resolves with its bytes. */
export function pdfToBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** Draws one line of text at (x, y), cut with an ellipsis to `width` if given. */
export function line(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  opts: {
    size?: number;
    bold?: boolean;
    condensed?: boolean;
    color?: string;
    width?: number;
    align?: 'left' | 'right' | 'center';
  } = {},
): void {
  doc
    .font(opts.condensed ? (opts.bold ? FONT.condensedBold : FONT.condensed) : opts.bold ? FONT.bold : FONT.regular)
    .fontSize(opts.size ?? 10)
    .fillColor(opts.color ?? COLORS.text);
  const shown = opts.width === undefined ? text : fit(doc, text, opts.width);
  const width = doc.widthOfString(shown);
  const dx = opts.width === undefined || !opts.align || opts.align === 'left' ? 0 : opts.width - width;
  doc.text(shown, x + (opts.align === 'center' ? dx / 2 : dx), y, { lineBreak: false });
}

/** Shortens text to fit `width` with the current font, ending in an ellipsis. */
export function fit(doc: Pdf, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let end = text.length;
  while (end > 0 && doc.widthOfString(`${text.slice(0, end)}…`) > width) end--;
  return `${text.slice(0, end)}…`;
}

/** Wrapped paragraph; returns the y below it. */
export function paragraph(
  doc: Pdf,
  text: string,
  y: number,
  opts: { size?: number; bold?: boolean; color?: string; x?: number; width?: number } = {},
): number {
  doc
    .font(opts.bold ? FONT.bold : FONT.regular)
    .fontSize(opts.size ?? 10)
    .fillColor(opts.color ?? COLORS.text);
  const options = { width: opts.width ?? CONTENT_WIDTH, lineGap: 2 };
  const start = doc.bufferedPageRange().count;
  doc.text(text, opts.x ?? PAGE.margin, y, options);
  // A long paragraph (an e-mail's body) flows onto a new page: carry on below it there.
  if (doc.bufferedPageRange().count !== start) return doc.y;
  return y + doc.heightOfString(text, options);
}

/** Company letterhead: name and address on the left, contacts on the right, a rule below. */
export function letterhead(doc: Pdf, { company }: CompanySettings): number {
  doc.rect(0, 0, PAGE.width, 6).fill(COLORS.brand);
  const top = 40;
  line(doc, company.name, PAGE.margin, top, { size: 17, bold: true, color: COLORS.brand, width: 300 });
  company.addressLines.forEach((text, i) => {
    line(doc, text, PAGE.margin, top + 24 + i * 12, { size: 9, color: COLORS.muted, width: 300 });
  });
  const contacts = [company.phone, company.email, company.website.replace(/^https?:\/\//, '')];
  contacts.forEach((text, i) => {
    line(doc, text, PAGE.margin + CONTENT_WIDTH - 200, top + 4 + i * 12, {
      size: 9,
      color: COLORS.muted,
      width: 200,
      align: 'right',
    });
  });
  const bottom = top + 24 + Math.max(company.addressLines.length, 2) * 12 + 8;
  doc
    .moveTo(PAGE.margin, bottom)
    .lineTo(PAGE.margin + CONTENT_WIDTH, bottom)
    .lineWidth(0.8)
    .stroke(COLORS.line);
  return bottom + 20;
}

/** Label/value pairs in a shaded box, two per row; returns the y below it. */
export function factsBox(doc: Pdf, facts: Array<[string, string]>, y: number): number {
  const rows = Math.ceil(facts.length / 2);
  const rowHeight = 26;
  const height = rows * rowHeight + 12;
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fill(COLORS.shade);
  const half = CONTENT_WIDTH / 2;
  facts.forEach(([label, value], i) => {
    const x = PAGE.margin + 12 + (i % 2) * half;
    const top = y + 10 + Math.floor(i / 2) * rowHeight;
    line(doc, label.toUpperCase(), x, top, { size: 7, color: COLORS.muted, width: half - 24 });
    line(doc, value, x, top + 9, { size: 10, bold: true, width: half - 24 });
  });
  return y + height;
}

/** Footer on every page: who and what on the left, 'Page n of m' on the right. */
export function pageFooters(doc: Pdf, left: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const y = PAGE.height - 40;
    doc
      .moveTo(PAGE.margin, y - 8)
      .lineTo(PAGE.margin + CONTENT_WIDTH, y - 8)
      .lineWidth(0.5)
      .stroke(COLORS.line);
    line(doc, left, PAGE.margin, y, { size: 8, color: COLORS.muted, width: CONTENT_WIDTH - 100 });
    line(doc, `Page ${i - start + 1} of ${count}`, PAGE.margin + CONTENT_WIDTH - 100, y, {
      size: 8,
      color: COLORS.muted,
      width: 100,
      align: 'right',
    });
  }
}

export function formatMoney(amount: string | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '' || Number.isNaN(Number(amount))) return '-';
  return `${currency ?? ''} ${Number(amount).toFixed(2)}`.trim();
}

/** The spec's 'EST' label for the default business time zone, the zone's name otherwise. */
export const zoneLabel = (tz: string) => (tz === DEFAULT_BUSINESS_TZ ? 'EST' : tz);

/** DD/MM/YYYY HH:mm in the business time zone, labelled with the zone. */
export function dateTimeIn(value: string | Date | null | undefined, tz: string): string {
  const shown = formatDateTime(value, tz);
  return shown === MISSING ? shown : `${shown} ${zoneLabel(tz)}`;
}
