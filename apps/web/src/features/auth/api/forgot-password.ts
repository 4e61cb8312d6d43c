import type { forgotPasswordInput } from '@nzeta/domain';
import type * as accountApi from '@nzeta/domain/contracts/account';
import type { z } from 'zod';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';

export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

/** POST /admin/forgot-password, signed out. A refusal is toasted; the screen shows a success in the card. */
export function useRequestPasswordReset() {
  return useApiMutation({
    request: (body: ForgotPasswordInput) =>
      sendEndpoint<typeof accountApi.forgotPassword>('POST', '/admin/forgot-password', { body }, { token: null }),
    toast: 'errors',
  });
}
