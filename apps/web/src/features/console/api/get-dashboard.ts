import type { DashboardData } from '@nzeta/domain/console/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { withSeenChange } from '../../../lib/live-changes';
import { queryKeys } from '../../../lib/query-keys';

/** Under 'orders': every order change pushed by the server refetches it (live dashboard). */
export const dashboardQuery = queryOptions({
  queryKey: queryKeys.orders.dashboard,
  queryFn: async ({ signal }) =>
    (await apiCall<DashboardData>('GET', withSeenChange('admin/dashboard'), { signal })).data as DashboardData,
  // Ages and clocks move on their own: refresh once a minute even when nothing changes.
  refetchInterval: 60_000,
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
