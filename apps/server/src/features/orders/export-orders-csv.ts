import { type FolderKey, type Month, type Status, statusLabel, toDisplayRow } from '@nzeta/domain';
import type { DbOrTx } from '../../db/client';
import { findFolderOrders } from './find-folder-orders';
import type { FolderContext } from './folder-sql';
import type { SortChoice } from './list-ordering';

const BATCH = 1_000;

const HEADER = [
  'Order Id',
  'Name',
  'Email',
  'Telephone',
  'Date & Time',
  'Status',
  'Processing Date',
  'Process Month',
  'Refund Date',
  'Assigned To',
];

/**
 * A spreadsheet may run a cell that starts with = + - @ as a formula. Spreadsheets in locales
 * that split on ';' (or tab, or '|') would start a new cell after each such separator inside a
 * value, so every piece that would begin a cell is guarded: a leading apostrophe before it, and
 * the value is quoted whenever it holds a separator. A telephone like '+64 21 000' and the '-' of
 * a missing value stay as they are.
 */
export function csvCell(value: string): string {
  const isHarmless = value === '-' || /^\+\d[\d ]*$/.test(value);
  const safe = isHarmless ? value : value.replace(/(^|[,;\t|])(\s*)(?=[=+\-@\t\r])/g, "$1$2'");
  return /[",;\t|\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export interface ExportOrdersOptions {
  folder: FolderKey;
  ctx: FolderContext;
  search?: string | undefined;
  month?: Month | undefined;
  timeZone: string;
  sort?: SortChoice;
  status?: Status | undefined;
}

/**
 * The folder (or search) as CSV, produced batch by batch with a keyset cursor: memory stays
 * flat however large the folder, and the database is free between batches.
 */
export async function* exportOrdersCsv(db: DbOrTx, options: ExportOrdersOptions): AsyncGenerator<string> {
  // A byte-order mark makes spreadsheet programs read the file as UTF-8.
  yield `\uFEFF${csvLine(HEADER)}`;
  let cursor: string | undefined;
  do {
    const page = await findFolderOrders(db, {
      folder: options.folder,
      ctx: options.ctx,
      search: options.search,
      month: options.month,
      sort: options.sort,
      status: options.status,
      perPage: BATCH,
      cursor,
      withTotal: false,
    });
    let chunk = '';
    for (const row of page.rows) {
      const shown = toDisplayRow(row, options.timeZone);
      chunk += csvLine([
        String(shown.id),
        shown.name,
        shown.email,
        shown.telephone,
        shown.date,
        statusLabel(row.process_status, row.refund_date),
        shown.processDate,
        shown.processMonth,
        shown.refundDate,
        shown.assign_to ?? '-',
      ]);
    }
    if (chunk) yield chunk;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
