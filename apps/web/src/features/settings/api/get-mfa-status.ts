import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface MfaStatus {
  enabled: boolean;
  pending: boolean;
  recoveryCodesLeft: number;
  required: boolean;
}

export const mfaStatusQuery = queryOptions({
  queryKey: queryKeys.settings.mfaStatus,
  queryFn: async () => (await apiCall<MfaStatus>('GET', 'admin/mfa/status')).data as MfaStatus,
  staleTime: 0,
});

export function useMfaStatus() {
  return useQuery(mfaStatusQuery);
}
