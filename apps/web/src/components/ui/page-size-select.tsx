import { PAGE_SIZES } from '@nzeta/domain';
import { useId } from 'react';

export type PageSize = (typeof PAGE_SIZES)[number] | 'all';

/** '10' … '500' or 'all'; anything else reads as the default. */
export function parsePageSize(value: string | null, fallback: PageSize = 10): PageSize {
  if (value === 'all') return 'all';
  const size = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : fallback;
}

/** SPEC §9: 10, 25, 50, 100, 500 and All. */
export function PageSizeSelect({ value, onChange }: { value: PageSize; onChange(size: PageSize): void }) {
  const id = useId();
  return (
    <div className="page-size-select d-flex align-items-center gap-2">
      <label htmlFor={id} className="text-muted small mb-0 text-nowrap">
        Show
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={String(value)}
        onChange={(event) => onChange(parsePageSize(event.target.value))}
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
        <option value="all">All</option>
      </select>
      <span className="text-muted small text-nowrap">entries</span>
    </div>
  );
}
