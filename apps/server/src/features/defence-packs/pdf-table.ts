import { COLORS, CONTENT_WIDTH, FONT, line, PAGE, PAGE_BOTTOM, type Pdf } from './pdf-layout';

export interface TableColumn {
  header: string;
  /** share of the content width */
  weight: number;
  align?: 'left' | 'right';
  /** wrap long values onto more lines instead of cutting them (evidence that must read in full) */
  wrap?: boolean;
}

const ROW = 18;
const HEADER = 20;
/** The least a table takes below where it starts: its header and one row. */
export const TABLE_START_HEIGHT = HEADER + ROW;

/** Each column's width on the page: its share of the content width. */
export function columnWidths(columns: readonly TableColumn[]): number[] {
  const total = columns.reduce((sum, c) => sum + c.weight, 0);
  return columns.map((c) => (c.weight / total) * CONTENT_WIDTH);
}

/** The space left of and right of a cell's text. */
export const cellPadding = (condensed: boolean) => (condensed ? 3 : 5);

/**
 * A table whose rows flow across pages, repeating the header on each new page. Cells are one
 * line, cut with an ellipsis. Returns the y below the last row.
 */
export function table(
  doc: Pdf,
  columns: TableColumn[],
  rows: string[][],
  startY: number,
  empty: string,
  options: { size?: number; condensed?: boolean } = {},
): number {
  const size = options.size ?? 8.5;
  const condensed = options.condensed === true;
  const body = condensed ? FONT.condensed : FONT.regular;
  const widths = columnWidths(columns);
  const xs = widths.map((_, i) => PAGE.margin + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const pad = cellPadding(condensed);

  const header = (y: number) => {
    doc.rect(PAGE.margin, y, CONTENT_WIDTH, HEADER).fill(COLORS.brand);
    columns.forEach((c, i) => {
      line(doc, c.header, xs[i]! + pad, y + 6, {
        size: Math.min(size, 8),
        bold: true,
        condensed,
        color: '#ffffff',
        width: widths[i]! - 2 * pad,
        align: c.align ?? 'left',
      });
    });
    return y + HEADER;
  };

  let y = startY + TABLE_START_HEIGHT > PAGE_BOTTOM ? newPage(doc) : startY;
  y = header(y);
  if (rows.length === 0) {
    line(doc, empty, PAGE.margin + pad, y + 5, { size: 9, color: COLORS.muted });
    return y + ROW;
  }
  const wrapped = (i: number) => columns[i]?.wrap === true;
  rows.forEach((cells, r) => {
    doc.font(body).fontSize(size);
    const height = cells.reduce(
      (max, cell, i) =>
        wrapped(i) ? Math.max(max, doc.heightOfString(cell, { width: widths[i]! - 2 * pad }) + 9) : max,
      ROW,
    );
    if (y + height > PAGE_BOTTOM) y = header(newPage(doc));
    if (r % 2 === 1) doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fill(COLORS.shade);
    // A row of one cell spans the table (a summarised history's "rows left out" line).
    if (cells.length === 1) {
      line(doc, cells[0] ?? '', PAGE.margin + pad, y + 5, {
        size,
        condensed,
        color: COLORS.muted,
        width: CONTENT_WIDTH - 2 * pad,
      });
      y += height;
      return;
    }
    cells.forEach((cell, i) => {
      if (wrapped(i)) {
        doc.font(body).fontSize(size).fillColor(COLORS.text);
        doc.text(cell, xs[i]! + pad, y + 5, { width: widths[i]! - 2 * pad });
        return;
      }
      line(doc, cell, xs[i]! + pad, y + 5, {
        size,
        condensed,
        width: widths[i]! - 2 * pad,
        align: columns[i]?.align ?? 'left',
      });
    });
    y += height;
  });
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.margin + CONTENT_WIDTH, y)
    .lineWidth(0.5)
    .stroke(COLORS.line);
  return y;
}

/** Starts a page and returns the top of its content area. */
export function newPage(doc: Pdf): number {
  doc.addPage();
  return PAGE.margin;
}
