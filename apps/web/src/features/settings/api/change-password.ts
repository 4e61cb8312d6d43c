import type { ChangePasswordInput } from '@nzeta/domain';
import type * as accountApi from '@nzeta/domain/contracts/account';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';

export function changePassword(input: ChangePasswordInput) {
  return sendEndpoint<typeof accountApi.changePassword>('POST', '/admin/change-password', { body: input });
}

export function useChangePassword() {
  return useApiMutation({ request: changePassword });
}
