import { DEFAULT_BUSINESS_TZ } from '@nzeta/domain';
import { describe, expect, it } from 'vitest';
import { activityColumns, downloadColumns, mailColumns } from './evidence-rows';
import { HISTORY_TABLE } from './evidence-sections';
import { createPdf, FONT, fit } from './pdf-layout';
import { cellPadding, columnWidths, type TableColumn } from './pdf-table';

/** The width a cell's text may take in a history table. */
function textWidths(columns: TableColumn[]): number[] {
  return columnWidths(columns).map((width) => width - 2 * cellPadding(HISTORY_TABLE.condensed));
}

const doc = () => createPdf('Test', 'Test');

describe('the history tables', () => {
  it.each([
    ['downloads', downloadColumns],
    ['e-mails', mailColumns],
    ['activity', activityColumns],
  ])('print every %s column header whole, the business time zone included', (_name, columnsOf) => {
    for (const tz of [DEFAULT_BUSINESS_TZ, 'UTC']) {
      const columns = columnsOf(tz);
      const widths = textWidths(columns);
      const pdf = doc().font(FONT.condensedBold).fontSize(HISTORY_TABLE.size);
      columns.forEach((column, i) => {
        expect(fit(pdf, column.header, widths[i] ?? 0)).toBe(column.header);
      });
    }
  });

  it('print the usual values of a download on one line each', () => {
    const columns = downloadColumns(DEFAULT_BUSINESS_TZ);
    const widths = textWidths(columns);
    const pdf = doc().font(FONT.condensed).fontSize(HISTORY_TABLE.size);
    const usual: Record<string, string[]> = {
      'Date & Time EST': ['28/12/2024 22:18'],
      IP: ['255.255.255.255'],
      Browser: ['Mobile Chrome 124.0.6367.113'],
      OS: ['macOS 14.4', 'Windows 10'],
      Device: ['Samsung SM-S918B', 'Apple Macintosh'],
      'Time zone': ['America/New_York', 'Australia/Sydney'],
    };
    columns.forEach((column, i) => {
      for (const value of usual[column.header] ?? []) expect(fit(pdf, value, widths[i] ?? 0)).toBe(value);
    });
  });

  it('print every device type the user-agent parser names whole', () => {
    const columns = downloadColumns(DEFAULT_BUSINESS_TZ);
    const type = columns.findIndex((column) => column.header === 'Type');
    const width = textWidths(columns)[type] ?? 0;
    const pdf = doc().font(FONT.condensed).fontSize(HISTORY_TABLE.size);
    for (const kind of ['desktop', 'mobile', 'tablet', 'smarttv', 'wearable', 'console', 'embedded', 'xr']) {
      expect(fit(pdf, kind, width)).toBe(kind);
    }
  });
});
