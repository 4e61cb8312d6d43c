import type * as disputesApi from '@nzeta/domain/contracts/disputes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, fetchData } from '../../../lib/api/endpoints';
import { queryKeys } from '../../../lib/query-keys';

export type BundleProfiles = disputesApi.BundleProfiles;

export const bundleProfilesQuery = queryOptions({
  queryKey: queryKeys.settings.disputeProfiles,
  queryFn: () => fetchData<typeof disputesApi.disputeProfiles>('GET', '/admin/dispute-profiles'),
});

export function useBundleProfiles() {
  return useQuery(bundleProfilesQuery);
}

/** PUT /admin/dispute-profiles: what one evidence file may hold, per card network. */
export function useSaveBundleProfiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profiles: BundleProfiles) =>
      callEndpoint<typeof disputesApi.saveDisputeProfiles>('PUT', '/admin/dispute-profiles', { body: profiles }),
    onSuccess: (answer) => queryClient.setQueryData(bundleProfilesQuery.queryKey, answer.data),
  });
}
