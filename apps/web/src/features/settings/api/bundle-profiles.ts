import type * as disputesApi from '@nzeta/domain/contracts/disputes';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchData, sendEndpoint } from '../../../lib/api/endpoints';
import { queryKeys } from '../../../lib/query-keys';
import { useApiMutation } from '../../../lib/use-api-mutation';

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
  // A refusal is toasted as the server words it; the form words its success.
  return useApiMutation({
    request: (profiles: BundleProfiles) =>
      sendEndpoint<typeof disputesApi.saveDisputeProfiles>('PUT', '/admin/dispute-profiles', { body: profiles }),
    toast: 'errors',
    onSuccess: (answer) => queryClient.setQueryData(bundleProfilesQuery.queryKey, answer.data),
  });
}
