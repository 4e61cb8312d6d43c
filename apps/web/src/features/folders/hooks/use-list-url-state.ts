import type { SortDirection, SortKey } from '@nzeta/domain/console/sort';
import { MONTHS, type Month } from '@nzeta/domain/folders';
import { STATUSES, type Status } from '@nzeta/domain/statuses';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type PageSize, parsePageSize } from '../../../components/ui/page-size-select';
import { useMemberPref } from '../../../lib/member-prefs';
import { oneOf, SORT_KEYS } from '../api/folder-list-request';

export interface ListUrlState {
  page: number;
  size: PageSize;
  search: string;
  month: Month | undefined;
  /** a column chosen to sort by, and which way */
  sort: SortKey | undefined;
  dir: SortDirection | undefined;
  /** Order History's status filter (a stored status) */
  status: Status | undefined;
  setSort(sort: SortKey | undefined, dir?: SortDirection): void;
  setStatus(status: Status | undefined): void;
  setPage(page: number): void;
  setSize(size: PageSize): void;
  setSearch(search: string): void;
  setMonth(month: Month | undefined): void;
}

function toMonth(value: string | null): Month | undefined {
  return (MONTHS as readonly string[]).includes(value ?? '') ? (value as Month) : undefined;
}

/**
 * Page, page size, search, month, sort and status filter live in the URL (?page=2&size=25&q=smith&month=Jan), so the
 * back button and a shared link bring back exactly the same list. Defaults are left out.
 */
export function useListUrlState(): ListUrlState {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  // No size in the URL: the member's own last choice, kept per member (member-prefs).
  const [savedSize, saveSize] = useMemberPref<string>('page-size', '10');
  const size = parsePageSize(params.get('size') ?? savedSize);
  const sort = oneOf(SORT_KEYS, params.get('sort'));
  const dir = oneOf(['asc', 'desc'] as const, params.get('dir'));
  const status = oneOf(STATUSES, params.get('status'));
  const search = params.get('q') ?? '';
  const month = toMonth(params.get('month'));

  const update = useCallback(
    (changes: Record<string, string | null>, replace = false) =>
      setParams(
        () => {
          // The address as it is now: the router hands the updater the parameters of the last
          // render, so a sort clicked right after a filter change would drop the filter.
          const next = new URLSearchParams(window.location.search);
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
      sort,
      dir,
      status,
      setPage: (next) => update({ page: next > 1 ? String(next) : null }),
      setSize: (next) => {
        saveSize(String(next));
        update({ size: String(next), page: null });
      },
      setSort: (next, nextDir) => update({ sort: next ?? null, dir: next ? (nextDir ?? null) : null, page: null }),
      setStatus: (next) => update({ status: next ?? null, page: null }),
      // Typing replaces the entry: the back button goes to the previous list, not each keystroke.
      setSearch: (next) => update({ q: next.trim() ? next : null, page: null }, true),
      setMonth: (next) => update({ month: next ?? null, page: null, q: null }),
    }),
    [page, size, search, month, sort, dir, status, update, saveSize],
  );
}
