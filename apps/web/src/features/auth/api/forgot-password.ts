import type { forgotPasswordInput } from '@nzeta/domain';
import type * as accountApi from '@nzeta/domain/contracts/account';
import type { z } from 'zod';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';

export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export function requestPasswordReset(input: ForgotPasswordInput) {
  return sendEndpoint<typeof accountApi.forgotPassword>(
    'POST',
    '/admin/forgot-password',
    { body: input },
    { token: null },
  );
}

/** A refusal is toasted; the screen shows the success in the card itself. */
export function useRequestPasswordReset() {
  return useApiMutation({ request: requestPasswordReset, toast: 'errors' });
}
