import type { resetPasswordInput } from '@nzeta/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export function resetPassword(input: ResetPasswordInput) {
  return apiRequest('POST', 'admin/reset-password', { body: input, token: null });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
