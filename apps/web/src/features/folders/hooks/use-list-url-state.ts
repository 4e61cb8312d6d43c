import { MONTHS, type Month } from '@nzeta/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type PageSize, parsePageSize } from '../../../components/ui/page-size-select';

export interface ListUrlState {
  page: number;
  size: PageSize;
  search: string;
  month: Month | undefined;
  setPage(page: number): void;
  setSize(size: PageSize): void;
  setSearch(search: string): void;
  setMonth(month: Month | undefined): void;
}

function toMonth(value: string | null): Month | undefined {
  return (MONTHS as readonly string[]).includes(value ?? '') ? (value as Month) : undefined;
}

/**
 * Page, page size, search and month live in the URL (?page=2&size=25&q=smith&month=Jan), so the
 * back button and a shared link bring back exactly the same list. Defaults are left out.
 */
export function useListUrlState(): ListUrlState {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const size = parsePageSize(params.get('size'));
  const search = params.get('q') ?? '';
  const month = toMonth(params.get('month'));

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  return useMemo(
    () => ({
      page,
      size,
      search,
      month,
      setPage: (next) => update({ page: next > 1 ? String(next) : null }),
      setSize: (next) => update({ size: next === 10 ? null : String(next), page: null }),
      // Typing replaces the entry: the back button goes to the previous list, not each keystroke.
      setSearch: (next) => update({ q: next.trim() ? next : null, page: null }, true),
      setMonth: (next) => update({ month: next ?? null, page: null, q: null }),
    }),
    [page, size, search, month, update],
  );
}
