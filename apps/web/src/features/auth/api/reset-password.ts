import type { resetPasswordInput } from '@nzeta/domain';
import type * as accountApi from '@nzeta/domain/contracts/account';
import type { z } from 'zod';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';

export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export function resetPassword(input: ResetPasswordInput) {
  return sendEndpoint<typeof accountApi.resetPassword>(
    'POST',
    '/admin/reset-password',
    { body: input },
    { token: null },
  );
}

export function useResetPassword() {
  return useApiMutation({ request: resetPassword });
}
