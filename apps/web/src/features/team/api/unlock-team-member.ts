import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teamKeys } from './get-team-members';

/** Lifts a sign-in lock (Admin, Manager). */
export function useUnlockTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamMemberId: number) => apiRequest('PUT', 'admin/unlock-team-member', { body: { teamMemberId } }),
    onSuccess: (answer) => {
      if (answer.status === 1) queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}

/** Clears another member's two-step verification (Admin): they set it up again. */
export function useResetTeamMemberMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamMemberId: number) => apiRequest('PUT', 'admin/reset-team-member-mfa', { body: { teamMemberId } }),
    onSuccess: (answer) => {
      if (answer.status === 1) queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}
