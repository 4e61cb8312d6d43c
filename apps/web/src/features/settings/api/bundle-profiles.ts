import { contracts } from '@nzeta/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, fetchData } from '../../../lib/api/endpoints';

export type BundleProfiles = contracts.disputes.BundleProfiles;

export const bundleProfilesQuery = queryOptions({
  queryKey: ['settings', 'dispute-profiles'],
  queryFn: () => fetchData(contracts.disputes.disputeProfiles),
});

export function useBundleProfiles() {
  return useQuery(bundleProfilesQuery);
}

/** PUT /admin/dispute-profiles: what one evidence file may hold, per card network. */
export function useSaveBundleProfiles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profiles: BundleProfiles) => callEndpoint(contracts.disputes.saveDisputeProfiles, { body: profiles }),
    onSuccess: (answer) => queryClient.setQueryData(bundleProfilesQuery.queryKey, answer.data),
  });
}
