import type * as accountApi from '@nzeta/domain/contracts/account';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { teamKeys } from './get-team-members';

/** Lifts a sign-in lock (Admin, Manager). */
export function useUnlockTeamMember() {
  return useApiMutation({
    request: (teamMemberId: number) =>
      sendEndpoint<typeof accountApi.unlockTeamMember>('PUT', '/admin/unlock-team-member', { body: { teamMemberId } }),
    invalidate: [teamKeys.all],
  });
}

/** Clears another member's two-step verification (Admin): they set it up again. */
export function useResetTeamMemberMfa() {
  return useApiMutation({
    request: (teamMemberId: number) =>
      sendEndpoint<typeof accountApi.resetTeamMemberMfa>('PUT', '/admin/reset-team-member-mfa', {
        body: { teamMemberId },
      }),
    invalidate: [teamKeys.all],
  });
}
