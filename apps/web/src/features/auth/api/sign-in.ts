import type { LoginInput } from '@nzeta/domain';
import type * as accountApi from '@nzeta/domain/contracts/account';
import { useMutation } from '@tanstack/react-query';
import { type AnswerOf, type FailedAnswer, requestEndpoint } from '../../../lib/api/endpoints';

/** mfaSetupRequired: the Admin requires two-step verification and this member has none yet. */
export type SignInAnswer = FailedAnswer & Partial<AnswerOf<typeof accountApi.signIn>>;

export async function signIn(input: LoginInput): Promise<SignInAnswer> {
  const { answer } = await requestEndpoint<typeof accountApi.signIn>(
    'POST',
    '/admin/admin-login',
    { body: input },
    { token: null },
  );
  return answer;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
