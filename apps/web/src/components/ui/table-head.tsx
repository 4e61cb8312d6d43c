export type HeadCell = string | { label: string; className: string };

/** A table's row of column headings; a heading's label is its key, so labels are unique. */
export function TableHead({ columns }: { columns: readonly HeadCell[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const { label, className } = typeof column === 'string' ? { label: column, className: undefined } : column;
          return (
            <th key={label} scope="col" className={className}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
