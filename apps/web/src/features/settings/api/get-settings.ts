import { contracts } from '@nzeta/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api/endpoints';

export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: () => fetchData(contracts.account.getSettings),
  staleTime: 0,
});

export function useSettings() {
  return useQuery(settingsQuery);
}
