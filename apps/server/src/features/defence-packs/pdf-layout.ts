import { DEFAULT_BUSINESS_TZ, formatDateTime, MISSING } from '@nzeta/domain';
import PDFDocument from 'pdfkit';
import type { CompanySettings } from '../mail';
import { FONT, registerFonts } from './pdf-fonts';

export { FONT } from './pdf-fonts';

/**
 * Shared drawing for the server's letters (defence packs, evidence bundles, invoices): A4,
 * DejaVu Sans embedded (Bitstream Vera licence, from the dejavu-fonts-ttf package) so names in
 * any Latin-script, Greek or Cyrillic alphabet print and copy out as text — the standard
 * Helvetica knows Western European Latin only. Each font holds the base glyphs (pdf-fonts.ts) and
 * the others a document uses.
 * Absolute positioning with our own cursor so pdfkit never breaks pages behind our back.
 */
export type Pdf = PDFKit.PDFDocument;

export const PAGE = { width: 595.28, height: 841.89, margin: 56, bottom: 64 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const COLORS = { brand: '#00247d', text: '#1f2933', muted: '#52606d', line: '#d9dee4', shade: '#f0f3f7' };
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
  registerFonts(doc);
  return doc.font(FONT.regular);
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

/**
 * Shortens text to fit `width` with the current font, ending in an ellipsis: the longest prefix
 * that fits. Each width measured is a word shaped for the first time (a name, an e-mail, a file
 * name), so the cut is first estimated from each character's own width, then confirmed by
 * measuring the cut text and the one a character longer: two or three measurements, where halving
 * took about seven (a prefix's width grows with its length).
 */
export function fit(doc: Pdf, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  const fits = (end: number) => doc.widthOfString(`${text.slice(0, end)}…`) <= width;
  const last = text.length - 1;
  let end = Math.min(estimatedEnd(doc, text, width - doc.widthOfString('…')), last);
  if (fits(end)) {
    while (end < last && fits(end + 1)) end += 1;
  } else {
    do end -= 1;
    while (end > 0 && !fits(end));
  }
  return `${text.slice(0, Math.max(end, 0))}…`;
}

/** How many of text's first UTF-16 units fit `room`, each character measured alone. */
function estimatedEnd(doc: Pdf, text: string, room: number): number {
  const widths = new Map<string, number>();
  let used = 0;
  let end = 0;
  for (const char of text) {
    let w = widths.get(char);
    if (w === undefined) {
      w = doc.widthOfString(char);
      widths.set(char, w);
    }
    used += w;
    if (used > room) return end;
    end += char.length;
  }
  return end;
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
  doc.text(text, opts.x ?? PAGE.margin, y, { width: opts.width ?? CONTENT_WIDTH, lineGap: 2 });
  // pdfkit leaves doc.y below the last line, where heightOfString would measure it (wrapping the
  // text again to measure it cost about 3 % of a defence pack's drawing), or below the part that
  // flowed onto a new page (an e-mail's long body): the next block carries on there.
  return doc.y;
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
