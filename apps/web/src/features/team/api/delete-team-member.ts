import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { teamKeys } from './get-team-members';

export function deleteTeamMember(teamMemberId: number) {
  return apiRequest('PUT', 'admin/delete-team-member', { body: { teamMemberId } });
}

export function useDeleteTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeamMember,
    onSuccess: (answer) => {
      if (answer.status === 1) queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}
