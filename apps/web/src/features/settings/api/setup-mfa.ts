import type * as accountApi from '@nzeta/domain/contracts/account';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';

export type MfaSetup = accountApi.MfaSetup;

export function setupMfa() {
  return sendEndpoint<typeof accountApi.mfaSetup>('POST', '/admin/mfa/setup');
}

/** A refusal is toasted; a success shows the code to scan. */
export function useSetupMfa() {
  return useApiMutation({ request: setupMfa, toast: 'errors' });
}
