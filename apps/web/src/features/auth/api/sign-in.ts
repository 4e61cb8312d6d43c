import type { LoginInput, SessionUser } from '@nzeta/domain';
import { useMutation } from '@tanstack/react-query';
import { type ApiEnvelope, apiRequest } from '../../../lib/api-client';

/** mfaSetupRequired: the Admin requires two-step verification and this member has none yet. */
export type SignInAnswer = ApiEnvelope<{ user: SessionUser; mfaSetupRequired?: boolean }> & { jwtToken?: string };

export function signIn(input: LoginInput): Promise<SignInAnswer> {
  return apiRequest<{ user: SessionUser }>('POST', 'admin/admin-login', {
    body: input,
    token: null,
  }) as Promise<SignInAnswer>;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
