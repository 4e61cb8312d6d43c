import type { ReactNode } from 'react';
import { TableHead } from '../../../components/ui/table-head';

interface DetailTableProps {
  columns: readonly string[];
  /** true shows the spec's 'No record found' row (SPEC §8) instead of the rows */
  isEmpty: boolean;
  className?: string;
  children: ReactNode;
}

/** A history table of the order page: it scrolls sideways on a phone and is reachable by keyboard. */
export function DetailTable({ columns, isEmpty, className, children }: DetailTableProps) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard
    <div className="table-responsive" tabIndex={0}>
      <table className={`table table-sm align-middle detail-table${className ? ` ${className}` : ''}`}>
        <TableHead columns={columns} />
        <tbody>
          {isEmpty ? (
            <tr>
              <td colSpan={columns.length} className="empty-row">
                No record found
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}
