import type { ChangePasswordInput } from '@nzeta/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function changePassword(input: ChangePasswordInput) {
  return apiRequest('POST', 'admin/change-password', { body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
