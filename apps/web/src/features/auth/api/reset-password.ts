import type { resetPasswordInput } from '@nzeta/domain';
import type * as accountApi from '@nzeta/domain/contracts/account';
import type { z } from 'zod';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** POST /admin/reset-password with the token of the e-mailed link, signed out; both outcomes are toasted. */
export function useResetPassword() {
  return useApiMutation({
    request: (body: z.infer<typeof resetPasswordInput>) =>
      sendEndpoint<typeof accountApi.resetPassword>('POST', '/admin/reset-password', { body }, { token: null }),
  });
}
