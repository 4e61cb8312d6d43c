import type * as accountApi from '@nzeta/domain/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api/endpoints';
import { queryKeys } from '../../../lib/query-keys';

export type MfaStatus = accountApi.MfaStatus;

export const mfaStatusQuery = queryOptions({
  queryKey: queryKeys.settings.mfaStatus,
  queryFn: () => fetchData<typeof accountApi.mfaStatus>('GET', '/admin/mfa/status'),
  staleTime: 0,
});

export function useMfaStatus() {
  return useQuery(mfaStatusQuery);
}
