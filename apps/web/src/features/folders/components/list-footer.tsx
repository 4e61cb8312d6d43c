import { Pagination } from '../../../components/ui/pagination';

export interface ListFooterProps {
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  isCapped: boolean;
  isLoaded: boolean;
  onPage(page: number): void;
}

/** 'Showing 11 to 20 of 57 entries' or 'No records found' (SPEC §2.5), and the page buttons. */
export function ListFooter({ page, pageSize, shown, total, isCapped, isLoaded, onPage }: ListFooterProps) {
  const first = (page - 1) * pageSize + 1;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="list-footer">
      <div className="list-summary text-muted small" aria-live="polite">
        {!isLoaded
          ? '\u00a0'
          : shown === 0
            ? 'No records found'
            : `Showing ${first.toLocaleString()} to ${(first + shown - 1).toLocaleString()} of ${
                isCapped ? 'more than ' : ''
              }${total.toLocaleString()} entries`}
      </div>
      <Pagination page={page} pageCount={pageCount} onChange={onPage} label="Order list pages" />
    </div>
  );
}
