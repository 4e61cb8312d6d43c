import type { Settings } from '@nzeta/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const settingsQuery = queryOptions({
  queryKey: queryKeys.settings.all,
  queryFn: async () => (await apiCall<Settings>('GET', 'admin/settings')).data as Settings,
  staleTime: 0,
});

export function useSettings() {
  return useQuery(settingsQuery);
}
