import { flexRender, type Row, type Table } from '@tanstack/react-table';
import { lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { BodyRow } from './body-row';
import type VirtualRowsOf from './virtual-rows';
import '../../styles/data-table.css';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData, TValue> {
    className?: string;
    /** the server-side sort key this column sorts by */
    sortKey?: string;
  }
}

/** Above this many rows the body is virtualised: the DOM holds only what is on screen. */
export const VIRTUALIZE_FROM = 100;
// React.lazy drops the component's type parameter; the rows keep the table's row type.
const VirtualRows = lazy(() => import('./virtual-rows')) as unknown as typeof VirtualRowsOf;

export interface DataTableProps<T> {
  table: Table<T>;
  isLoading?: boolean;
  error?: string | null;
  /** the table's own empty row (SPEC §8) */
  emptyText?: string;
  /** row highlighted for keyboard work, scrolled into view when it changes */
  focusedIndex?: number;
  onRowClick?(row: Row<T>, index: number): void;
  rowClassName?(row: Row<T>): string | undefined;
  label: string;
  /** the column sorted by (server-side); headers with a sortKey become sort buttons */
  sort?: { key: string | undefined; dir: 'asc' | 'desc' | undefined };
  onSort?(key: string): void;
}

function colSpanOf<T>(table: Table<T>) {
  return table.getVisibleLeafColumns().length;
}

function Header<T>({ table, sort, onSort }: Pick<DataTableProps<T>, 'table' | 'sort' | 'onSort'>) {
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => {
            const meta = header.column.columnDef.meta;
            const content = header.isPlaceholder
              ? null
              : flexRender(header.column.columnDef.header, header.getContext());
            const sortKey = meta?.sortKey;
            if (!sortKey || !onSort) {
              return (
                <th key={header.id} scope="col" className={meta?.className}>
                  {content}
                </th>
              );
            }
            const isSorted = sort?.key === sortKey;
            const direction = isSorted ? (sort?.dir ?? 'asc') : undefined;
            return (
              <th
                key={header.id}
                scope="col"
                className={meta?.className}
                aria-sort={direction ? (direction === 'asc' ? 'ascending' : 'descending') : 'none'}
              >
                <button
                  type="button"
                  className={`sort-button${isSorted ? ' is-sorted' : ''}`}
                  onClick={() => onSort(sortKey)}
                >
                  {content}
                  <span className="sort-arrow" data-dir={direction ?? 'none'} aria-hidden="true" />
                </button>
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}

function MessageRow({ colSpan, children, tone }: { colSpan: number; children: ReactNode; tone?: 'error' }) {
  return (
    <tr className="data-table-message">
      <td colSpan={colSpan} className={tone === 'error' ? 'text-danger' : 'text-muted'}>
        {children}
      </td>
    </tr>
  );
}

/**
 * A TanStack table rendered with Bootstrap's table look. Long lists (the 'All' page size) are
 * virtualised, so thousands of rows cost no more DOM than a page.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { table, isLoading, error, emptyText = 'No data available in table', label } = props;
  const rows = table.getRowModel().rows;
  const colSpan = colSpanOf(table);
  const isVirtual = rows.length > VIRTUALIZE_FROM;
  const scrollRef = useRef<HTMLDivElement>(null);
  const { focusedIndex } = props;
  useEffect(() => {
    // The virtual body scrolls its own rows into view.
    if (focusedIndex === undefined || focusedIndex < 0 || isVirtual) return;
    const row = scrollRef.current?.querySelector(`tr[data-row-index="${focusedIndex}"]`);
    row?.scrollIntoView?.({ block: 'nearest' });
  }, [focusedIndex, isVirtual]);

  let body: ReactNode;
  if (error)
    body = (
      <MessageRow colSpan={colSpan} tone="error">
        {error}
      </MessageRow>
    );
  else if (isLoading && !rows.length) body = <MessageRow colSpan={colSpan}>Loading...</MessageRow>;
  else if (!rows.length) body = <MessageRow colSpan={colSpan}>{emptyText}</MessageRow>;
  else if (!isVirtual) body = rows.map((row, index) => <BodyRow key={row.id} row={row} index={index} props={props} />);
  else
    body = (
      <Suspense fallback={<MessageRow colSpan={colSpan}>Loading...</MessageRow>}>
        <VirtualRows rows={rows} colSpan={colSpan} scrollRef={scrollRef} props={props} />
      </Suspense>
    );

  return (
    <div
      ref={scrollRef}
      className={`data-table-scroll${isVirtual ? ' is-virtual' : ''}${isLoading && rows.length ? ' is-refreshing' : ''}`}
      aria-busy={isLoading || undefined}
    >
      <table className="table data-table align-middle mb-0" aria-label={label}>
        <Header table={table} sort={props.sort} onSort={props.onSort} />
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}
