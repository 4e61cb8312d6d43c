import type { forgotPasswordInput } from '@nzeta/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export function requestPasswordReset(input: ForgotPasswordInput) {
  return apiRequest('POST', 'admin/forgot-password', { body: input, token: null });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
