import { flexRender, type Row } from '@tanstack/react-table';
import type { DataTableProps } from './data-table';

export function BodyRow<T>({ row, index, props }: { row: Row<T>; index: number; props: DataTableProps<T> }) {
  const classes = [
    row.getIsSelected() ? 'is-selected' : '',
    index === props.focusedIndex ? 'is-focused' : '',
    props.rowClassName?.(row) ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <tr
      data-row-index={index}
      className={classes || undefined}
      aria-selected={row.getIsSelected()}
      onClick={props.onRowClick ? () => props.onRowClick?.(row, index) : undefined}
    >
      {row.getVisibleCells().map((cell) => (
        <td key={cell.id} className={cell.column.columnDef.meta?.className}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
}
