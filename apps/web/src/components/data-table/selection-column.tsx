import type { ColumnDef, Row } from '@tanstack/react-table';
import { useEffect, useRef } from 'react';

function Checkbox({
  checked,
  indeterminate = false,
  label,
  onChange,
}: {
  checked: boolean;
  indeterminate?: boolean;
  label: string;
  onChange(checked: boolean): void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="form-check-input"
      aria-label={label}
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/** The row checkboxes and the select-all box of a table (SPEC §2.5). */
export function selectionColumn<T>(rowLabel: (row: Row<T>) => string): ColumnDef<T> {
  return {
    id: 'select',
    enableSorting: false,
    meta: { className: 'col-select' },
    header: ({ table }) => (
      <Checkbox
        label="Select all rows"
        checked={table.getIsAllRowsSelected()}
        indeterminate={table.getIsSomeRowsSelected()}
        onChange={(value) => table.toggleAllRowsSelected(value)}
      />
    ),
    cell: ({ row }) => (
      <Checkbox label={`Select ${rowLabel(row)}`} checked={row.getIsSelected()} onChange={row.toggleSelected} />
    ),
  };
}
