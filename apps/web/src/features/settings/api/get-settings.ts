import type * as accountApi from '@nzeta/domain/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api/endpoints';

export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: () => fetchData<typeof accountApi.getSettings>('GET', '/admin/settings'),
  staleTime: 0,
});

export function useSettings() {
  return useQuery(settingsQuery);
}
