import type { GlobalSearchHit } from '@nzeta/domain/console/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface SearchEverywhereResult {
  hits: GlobalSearchHit[];
  more: boolean;
}

export const searchEverywhereQuery = (term: string) =>
  queryOptions({
    queryKey: queryKeys.orders.globalSearch(term),
    queryFn: async ({ signal }): Promise<SearchEverywhereResult> => {
      const answer = await apiCall<GlobalSearchHit[]>('GET', 'admin/global-search', { query: { q: term }, signal });
      return { hits: answer.data ?? [], more: (answer as { more?: boolean }).more === true };
    },
    enabled: term.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useSearchEverywhere(term: string) {
  return useQuery(searchEverywhereQuery(term));
}
