import type { MfaCodeInput } from '@nzeta/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mfaStatusQuery } from './get-mfa-status';

export function disableMfa(input: MfaCodeInput) {
  return apiRequest('POST', 'admin/mfa/disable', { body: input });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    onSuccess: (answer) => {
      if (answer.status === 1) queryClient.invalidateQueries({ queryKey: mfaStatusQuery.queryKey });
    },
  });
}
