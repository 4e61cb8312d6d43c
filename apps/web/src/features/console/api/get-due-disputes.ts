import type * as disputesApi from '@nzeta/domain/contracts/disputes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api/endpoints';
import { queryKeys } from '../../../lib/query-keys';

/** Under 'folder-counts': the live order events refresh it with the counts. */
export const dueDisputesQuery = queryOptions({
  queryKey: queryKeys.folderCounts.disputesDue,
  queryFn: async () =>
    (await callEndpoint<typeof disputesApi.dueDisputeCount>('GET', '/admin/disputes/due-count')).data?.count ?? 0,
});

/** GET /admin/disputes/due-count: open disputes to answer within 3 days (overdue included). */
export function useDueDisputes() {
  return useQuery(dueDisputesQuery);
}
