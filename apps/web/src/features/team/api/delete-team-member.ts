import { apiRequest } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { teamKeys } from './get-team-members';

export function deleteTeamMember(teamMemberId: number) {
  return apiRequest('PUT', 'admin/delete-team-member', { body: { teamMemberId } });
}

export function useDeleteTeamMember() {
  return useApiMutation({ request: deleteTeamMember, invalidate: [teamKeys.all] });
}
