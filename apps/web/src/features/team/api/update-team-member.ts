import type { UpdateTeamMemberInput } from '@nzeta/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teamKeys } from './get-team-members';

export function updateTeamMember(input: UpdateTeamMemberInput) {
  return apiRequest('POST', 'admin/update-team-member', { body: input });
}

export function useUpdateTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeamMember,
    onSuccess: (answer) => {
      if (answer.status === 1) queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}
