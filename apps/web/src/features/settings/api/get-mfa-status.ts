import { contracts } from '@nzeta/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api/endpoints';

export type MfaStatus = contracts.account.MfaStatus;

export const mfaStatusQuery = queryOptions({
  queryKey: ['mfa-status'],
  queryFn: () => fetchData(contracts.account.mfaStatus),
  staleTime: 0,
});

export function useMfaStatus() {
  return useQuery(mfaStatusQuery);
}
