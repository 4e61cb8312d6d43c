import type * as consoleApi from '@nzeta/domain/contracts/console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api/endpoints';
import { seenQuery } from '../../../lib/live-changes';
import { queryKeys } from '../../../lib/query-keys';

/** Under 'orders': every order change pushed by the server refetches it (live dashboard). */
export const dashboardQuery = queryOptions({
  queryKey: queryKeys.orders.dashboard,
  queryFn: ({ signal }) =>
    fetchData<typeof consoleApi.dashboard>('GET', '/admin/dashboard', { query: seenQuery() }, { signal }),
  // Ages and clocks move on their own: refresh once a minute even when nothing changes.
  refetchInterval: 60_000,
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
