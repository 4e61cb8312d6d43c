import type { LoginInput, SessionUser } from '@nzeta/domain';
import { useMutation } from '@tanstack/react-query';
import { type ApiEnvelope, apiRequest } from '../../../lib/api-client';

export type SignInAnswer = ApiEnvelope<{ user: SessionUser }> & { jwtToken?: string };

export function signIn(input: LoginInput): Promise<SignInAnswer> {
  return apiRequest<{ user: SessionUser }>('POST', 'admin/admin-login', {
    body: input,
    token: null,
  }) as Promise<SignInAnswer>;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
