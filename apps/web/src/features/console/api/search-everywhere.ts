import type { GlobalSearchHit } from '@nzeta/domain/console/schemas';
import type * as consoleContractsApi from '@nzeta/domain/contracts/console';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api/endpoints';
import { queryKeys } from '../../../lib/query-keys';

export interface SearchEverywhereResult {
  hits: GlobalSearchHit[];
  more: boolean;
}

export const searchEverywhereQuery = (term: string) =>
  queryOptions({
    queryKey: queryKeys.orders.globalSearch(term),
    queryFn: async ({ signal }): Promise<SearchEverywhereResult> => {
      const answer = await callEndpoint<typeof consoleContractsApi.globalSearch>(
        'GET',
        '/admin/global-search',
        { query: { q: term } },
        { signal },
      );
      return { hits: answer.data ?? [], more: answer.more };
    },
    enabled: term.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useSearchEverywhere(term: string) {
  return useQuery(searchEverywhereQuery(term));
}
