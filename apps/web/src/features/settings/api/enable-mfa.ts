import type { MfaCodeInput } from '@nzeta/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mfaStatusQuery } from './get-mfa-status';

export function enableMfa(input: MfaCodeInput) {
  return apiRequest<{ recoveryCodes: string[] }>('POST', 'admin/mfa/enable', { body: input });
}

export function useEnableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableMfa,
    onSuccess: (answer) => {
      if (answer.status === 1) queryClient.invalidateQueries({ queryKey: mfaStatusQuery.queryKey });
    },
  });
}
