import type { LoginInput } from '@nzeta/domain';
import type * as accountApi from '@nzeta/domain/contracts/account';
import { type AnswerOf, type FailedAnswer, sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';

/** mfaSetupRequired: the Admin requires two-step verification and this member has none yet. */
export type SignInAnswer = FailedAnswer & Partial<AnswerOf<typeof accountApi.signIn>>;

export function signIn(input: LoginInput): Promise<SignInAnswer> {
  return sendEndpoint<typeof accountApi.signIn>('POST', '/admin/admin-login', { body: input }, { token: null });
}

/** The screen words both outcomes (a success clears earlier refusals first). */
export function useSignIn() {
  return useApiMutation({ request: signIn, toast: false });
}
