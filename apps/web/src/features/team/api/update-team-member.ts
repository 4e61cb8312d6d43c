import type { UpdateTeamMemberInput } from '@nzeta/domain';
import type * as accountApi from '@nzeta/domain/contracts/account';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { teamKeys } from './get-team-members';

export function updateTeamMember(input: UpdateTeamMemberInput) {
  return sendEndpoint<typeof accountApi.updateTeamMember>('POST', '/admin/update-team-member', { body: input });
}

export function useUpdateTeamMember() {
  return useApiMutation({ request: updateTeamMember, invalidate: [teamKeys.all] });
}
