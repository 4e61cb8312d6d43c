export type PageItem = number | 'gap-start' | 'gap-end';

/**
 * The page buttons: first and last page, the current page with `siblings` on each side, and an
 * ellipsis wherever pages are skipped (SPEC §9: one sibling). The number of items stays constant
 * so the bar does not jump as the user pages through.
 */
export function paginationRange(page: number, pageCount: number, siblings = 1): PageItem[] {
  const range = (from: number, to: number) =>
    to < from ? [] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const current = Math.min(Math.max(page, 1), Math.max(pageCount, 1));
  const edge = 1;
  const siblingsStart = Math.max(Math.min(current - siblings, pageCount - edge - siblings * 2 - 1), edge + 2);
  const siblingsEnd = Math.min(Math.max(current + siblings, edge + siblings * 2 + 2), pageCount - edge - 1);
  // An ellipsis only where it hides two pages or more; a single hidden page is shown instead.
  const startGap: PageItem[] = siblingsStart > edge + 2 ? ['gap-start'] : edge + 1 < pageCount - edge ? [edge + 1] : [];
  const endGap: PageItem[] =
    siblingsEnd < pageCount - edge - 1 ? ['gap-end'] : pageCount - edge > edge ? [pageCount - edge] : [];
  return [
    ...range(1, Math.min(edge, pageCount)),
    ...startGap,
    ...range(siblingsStart, siblingsEnd),
    ...endGap,
    ...range(Math.max(pageCount - edge + 1, edge + 1), pageCount),
  ];
}

export interface PaginationProps {
  page: number;
  pageCount: number;
  onChange(page: number): void;
  label?: string;
}

export function Pagination({ page, pageCount, onChange, label = 'Pages' }: PaginationProps) {
  if (pageCount <= 1) return null;
  const go = (target: number) => {
    if (target >= 1 && target <= pageCount && target !== page) onChange(target);
  };
  return (
    <nav aria-label={label}>
      <ul className="pagination pagination-sm mb-0 flex-wrap">
        <li className={`page-item${page <= 1 ? ' disabled' : ''}`}>
          <button type="button" className="page-link" onClick={() => go(page - 1)} disabled={page <= 1}>
            Previous
          </button>
        </li>
        {paginationRange(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item} className={`page-item${item === page ? ' active' : ''}`}>
              <button
                type="button"
                className="page-link"
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className="page-item disabled" aria-hidden="true">
              <span className="page-link">…</span>
            </li>
          ),
        )}
        <li className={`page-item${page >= pageCount ? ' disabled' : ''}`}>
          <button type="button" className="page-link" onClick={() => go(page + 1)} disabled={page >= pageCount}>
            Next
          </button>
        </li>
      </ul>
    </nav>
  );
}
