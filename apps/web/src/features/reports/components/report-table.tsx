import type { ReactNode } from 'react';

export interface ReportColumn<T> {
  header: string;
  cell(row: T): ReactNode;
  isNumber?: boolean;
  /** summed in the table's footer */
  total?(rows: T[]): number;
}

/** A column of counts, right-aligned, summed in the footer. */
export function countColumn<T>(header: string, count: (row: T) => number): ReportColumn<T> {
  return {
    header,
    cell: (row) => count(row).toLocaleString(),
    isNumber: true,
    total: (rows) => rows.reduce((total, row) => total + count(row), 0),
  };
}

export interface ReportTableProps<T> {
  label: string;
  columns: ReportColumn<T>[];
  rows: T[];
  rowKey(row: T): string;
  isLoading: boolean;
}

/** The report table: S. No first, the header fixed while the 550 px body scrolls (SPEC §9). */
export function ReportTable<T>({ label, columns, rows, rowKey, isLoading }: ReportTableProps<T>) {
  const hasTotals = rows.length > 1 && columns.some((c) => c.total);
  return (
    <div className="report-table-scroll" aria-busy={isLoading || undefined}>
      <table className="table report-table align-middle mb-0" aria-label={label}>
        <thead>
          <tr>
            <th scope="col" className="text-end">
              S. No
            </th>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.isNumber ? 'text-end' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + 1} className="text-center text-muted py-4">
                {isLoading ? 'Loading...' : 'No records found'}
              </td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row)}>
                <td className="text-end text-muted">{index + 1}</td>
                {columns.map((column) => (
                  <td key={column.header} className={column.isNumber ? 'text-end num' : undefined}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
        {hasTotals && (
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Total
              </th>
              {columns.slice(1).map((column) => (
                <td key={column.header} className="text-end num">
                  {column.total?.(rows).toLocaleString() ?? ''}
                </td>
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
