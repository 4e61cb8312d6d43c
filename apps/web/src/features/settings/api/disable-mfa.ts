import type { MfaCodeInput } from '@nzeta/domain';
import type * as accountApi from '@nzeta/domain/contracts/account';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { mfaStatusQuery } from './get-mfa-status';

export function disableMfa(input: MfaCodeInput) {
  return sendEndpoint<typeof accountApi.mfaDisable>('POST', '/admin/mfa/disable', { body: input });
}

export function useDisableMfa() {
  return useApiMutation({ request: disableMfa, invalidate: [mfaStatusQuery.queryKey] });
}
