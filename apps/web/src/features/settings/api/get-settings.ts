import type * as accountApi from '@nzeta/domain/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api/endpoints';
import { queryKeys } from '../../../lib/query-keys';

export const settingsQuery = queryOptions({
  queryKey: queryKeys.settings.all,
  queryFn: () => fetchData<typeof accountApi.getSettings>('GET', '/admin/settings'),
  staleTime: 0,
});

export function useSettings() {
  return useQuery(settingsQuery);
}
