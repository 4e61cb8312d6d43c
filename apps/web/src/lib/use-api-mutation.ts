import { type QueryKey, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiEnvelope, isEnvelope } from './api-client';
import { toastEnvelope, toastError } from './toast';

/**
 * What a mutation shows (SPEC §8): 'both' toasts the server message as a success on status 1 and
 * as an error otherwise; 'errors' only refusals (the screen words its own success); false
 * nothing (the screen decides, e.g. sign-in and the visitor's track form).
 */
export type MutationToast = 'both' | 'errors' | false;

export interface ApiMutationOptions<TVars, TResult> {
  /** the call: an envelope (status 1 or not) or, for files, whatever the call answers */
  request: (vars: TVars) => Promise<TResult>;
  toast?: MutationToast;
  /** with it, a repeated action replaces its toast instead of stacking another */
  toastId?: string;
  /** queries made stale by a success; refetched (after the toast) before the mutation resolves */
  invalidate?: readonly QueryKey[];
  /** refetch them after a refusal too (a bulk action may have done part of the selection) */
  invalidateOnRefusal?: boolean;
  onSuccess?: (result: TResult, vars: TVars) => unknown;
}

/**
 * The web's one mutation idiom. It resolves with the answer whatever its status (the screen reads
 * `status === 1` to reset a form or navigate) and throws only when the call itself failed (a file
 * refused, the request aborted); both are toasted per `toast`.
 */
export function useApiMutation<TVars = void, TResult = ApiEnvelope>(
  options: ApiMutationOptions<TVars, TResult>,
): UseMutationResult<TResult, Error, TVars> {
  const queryClient = useQueryClient();
  const policy = options.toast ?? 'both';
  const refresh = (keys: readonly QueryKey[] | undefined) =>
    Promise.all((keys ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));

  return useMutation<TResult, Error, TVars>({
    mutationFn: async (vars) => {
      let result: TResult;
      try {
        result = await options.request(vars);
      } catch (error) {
        if (policy) toastError(error);
        throw error;
      }
      const ok = !isEnvelope(result) || result.status === 1;
      if (isEnvelope(result) && (policy === 'both' || (policy === 'errors' && !ok))) {
        toastEnvelope(result, 'Done.', options.toastId);
      }
      if (ok || options.invalidateOnRefusal) await refresh(options.invalidate);
      if (ok) await options.onSuccess?.(result, vars);
      return result;
    },
  });
}
