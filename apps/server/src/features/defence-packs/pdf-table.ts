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

/**
 * A table whose rows flow across pages, repeating the header on each new page. Cells are one
 * line, cut with an ellipsis. Returns the y below the last row.
 */
export function table(doc: Pdf, columns: TableColumn[], rows: string[][], startY: number, empty: string): number {
  const total = columns.reduce((sum, c) => sum + c.weight, 0);
  const widths = columns.map((c) => (c.weight / total) * CONTENT_WIDTH);
  const xs = widths.map((_, i) => PAGE.margin + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const pad = 5;

  const header = (y: number) => {
    doc.rect(PAGE.margin, y, CONTENT_WIDTH, HEADER).fill(COLORS.brand);
    columns.forEach((c, i) => {
      line(doc, c.header, xs[i]! + pad, y + 6, {
        size: 8,
        bold: true,
        color: '#ffffff',
        width: widths[i]! - 2 * pad,
        align: c.align ?? 'left',
      });
    });
    return y + HEADER;
  };

  let y = startY + HEADER + ROW > PAGE_BOTTOM ? newPage(doc) : startY;
  y = header(y);
  if (rows.length === 0) {
    line(doc, empty, PAGE.margin + pad, y + 5, { size: 9, color: COLORS.muted });
    return y + ROW;
  }
  const wrapped = (i: number) => columns[i]?.wrap === true;
  rows.forEach((cells, r) => {
    doc.font(FONT.regular).fontSize(8.5);
    const height = cells.reduce(
      (max, cell, i) =>
        wrapped(i) ? Math.max(max, doc.heightOfString(cell, { width: widths[i]! - 2 * pad }) + 9) : max,
      ROW,
    );
    if (y + height > PAGE_BOTTOM) y = header(newPage(doc));
    if (r % 2 === 1) doc.rect(PAGE.margin, y, CONTENT_WIDTH, height).fill(COLORS.shade);
    cells.forEach((cell, i) => {
      if (wrapped(i)) {
        doc.font(FONT.regular).fontSize(8.5).fillColor(COLORS.text);
        doc.text(cell, xs[i]! + pad, y + 5, { width: widths[i]! - 2 * pad });
        return;
      }
      line(doc, cell, xs[i]! + pad, y + 5, {
        size: 8.5,
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
