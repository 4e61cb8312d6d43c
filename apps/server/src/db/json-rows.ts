import { getTableColumns, type InferSelectModel, type SQL, sql, type Table } from 'drizzle-orm';
import { memoizeByObject } from '../lib/memo';

/**
 * Column kinds the driver hands over as PostgreSQL's text output, which drizzle keeps as it is:
 * inside JSON they are cast to text, so they read exactly as a plain select reads them.
 */
const TEXT_OUTPUT = new Set(['PgTimestampString', 'PgDateString', 'PgNumeric', 'PgTime', 'PgInterval']);

/** A table's columns by their keys in drizzle's rows, listed once per table. */
const columnsOf = memoizeByObject((table: Table) => Object.entries(getTableColumns(table)));

/**
 * A table's columns for a select list, each named by its key in drizzle's rows: `to_json` of a
 * row of them is the row a plain select answers, still in the driver's form (decodeJsonRow).
 * Built once per table.
 */
export const jsonColumns = memoizeByObject(
  (table: Table): SQL =>
    sql.join(
      columnsOf(table).map(([key, column]) =>
        TEXT_OUTPUT.has(column.columnType)
          ? sql`${column}::text as ${sql.identifier(key)}`
          : sql`${column} as ${sql.identifier(key)}`,
      ),
      sql`, `,
    ),
);

/** A row written by `to_json` over jsonColumns, decoded as drizzle decodes a selected row. */
export function decodeJsonRow<T extends Table>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columnsOf(table)) {
    const value = raw[key];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}
