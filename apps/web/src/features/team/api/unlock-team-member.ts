import { apiRequest } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { teamKeys } from './get-team-members';

/** Lifts a sign-in lock (Admin, Manager). */
export function useUnlockTeamMember() {
  return useApiMutation({
    request: (teamMemberId: number) => apiRequest('PUT', 'admin/unlock-team-member', { body: { teamMemberId } }),
    invalidate: [teamKeys.all],
  });
}

/** Clears another member's two-step verification (Admin): they set it up again. */
export function useResetTeamMemberMfa() {
  return useApiMutation({
    request: (teamMemberId: number) => apiRequest('PUT', 'admin/reset-team-member-mfa', { body: { teamMemberId } }),
    invalidate: [teamKeys.all],
  });
}
