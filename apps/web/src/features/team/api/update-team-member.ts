import type { UpdateTeamMemberInput } from '@nzeta/domain';
import { apiRequest } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { teamKeys } from './get-team-members';

export function updateTeamMember(input: UpdateTeamMemberInput) {
  return apiRequest('POST', 'admin/update-team-member', { body: input });
}

export function useUpdateTeamMember() {
  return useApiMutation({ request: updateTeamMember, invalidate: [teamKeys.all] });
}
