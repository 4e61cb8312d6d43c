import type { TeamMemberInput } from '@nzeta/domain';
import type * as accountApi from '@nzeta/domain/contracts/account';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { teamKeys } from './get-team-members';

/** The whole envelope: success and refusal are both shown as the server words them (SPEC §8). */
export function addTeamMember(input: TeamMemberInput) {
  return sendEndpoint<typeof accountApi.addTeamMember>('POST', '/admin/add-team-member', { body: input });
}

export function useAddTeamMember() {
  return useApiMutation({ request: addTeamMember, invalidate: [teamKeys.all] });
}
