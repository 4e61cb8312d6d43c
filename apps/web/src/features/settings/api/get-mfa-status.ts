import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export interface MfaStatus {
  enabled: boolean;
  pending: boolean;
  recoveryCodesLeft: number;
  required: boolean;
}

export const mfaStatusQuery = queryOptions({
  queryKey: ['mfa-status'],
  queryFn: async () => (await apiCall<MfaStatus>('GET', 'admin/mfa/status')).data as MfaStatus,
  staleTime: 0,
});

export function useMfaStatus() {
  return useQuery(mfaStatusQuery);
}
