import type { MfaCodeInput } from '@nzeta/domain';
import type * as accountApi from '@nzeta/domain/contracts/account';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { mfaStatusQuery } from './get-mfa-status';

export function enableMfa(input: MfaCodeInput) {
  return sendEndpoint<typeof accountApi.mfaEnable>('POST', '/admin/mfa/enable', { body: input });
}

export function useEnableMfa() {
  return useApiMutation({ request: enableMfa, invalidate: [mfaStatusQuery.queryKey] });
}
