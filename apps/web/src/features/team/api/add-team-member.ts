import type { TeamMemberInput } from '@nzeta/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teamKeys } from './get-team-members';

/** The whole envelope: success and refusal are both shown as the server words them (SPEC §8). */
export function addTeamMember(input: TeamMemberInput) {
  return apiRequest<{ id: number }>('POST', 'admin/add-team-member', { body: input });
}

export function useAddTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTeamMember,
    onSuccess: (answer) => {
      if (answer.status === 1) queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}
