import type { TeamMemberInput } from '@nzeta/domain';
import { apiRequest } from '../../../lib/api-client';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { teamKeys } from './get-team-members';

/** The whole envelope: success and refusal are both shown as the server words them (SPEC §8). */
export function addTeamMember(input: TeamMemberInput) {
  return apiRequest<{ id: number }>('POST', 'admin/add-team-member', { body: input });
}

export function useAddTeamMember() {
  return useApiMutation({ request: addTeamMember, invalidate: [teamKeys.all] });
}
