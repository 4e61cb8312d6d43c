import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Under 'folder-counts': the live order events refresh it with the counts. */
export const dueDisputesQuery = queryOptions({
  queryKey: queryKeys.folderCounts.disputesDue,
  queryFn: async () =>
    ((await apiCall<{ count: number }>('GET', 'admin/disputes/due-count')).data?.count ?? 0) as number,
});

/** GET /admin/disputes/due-count: open disputes to answer within 3 days (overdue included). */
export function useDueDisputes() {
  return useQuery(dueDisputesQuery);
}
