import type { BundleProfile, DisputeNetwork } from '@nzeta/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type BundleProfiles = Record<DisputeNetwork, BundleProfile>;

export const bundleProfilesQuery = queryOptions({
  queryKey: queryKeys.settings.disputeProfiles,
  queryFn: async () => (await apiCall<BundleProfiles>('GET', 'admin/dispute-profiles')).data as BundleProfiles,
});

export function useBundleProfiles() {
  return useQuery(bundleProfilesQuery);
}

/** PUT /admin/dispute-profiles: what one evidence file may hold, per card network. */
export function useSaveBundleProfiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profiles: BundleProfiles) =>
      apiCall<BundleProfiles>('PUT', 'admin/dispute-profiles', { body: profiles }),
    onSuccess: (answer) => queryClient.setQueryData(bundleProfilesQuery.queryKey, answer.data),
  });
}
