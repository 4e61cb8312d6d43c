import type * as accountApi from '@nzeta/domain/contracts/account';
import { sendEndpoint } from '../../../lib/api/endpoints';
import { useApiMutation } from '../../../lib/use-api-mutation';
import { teamKeys } from './get-team-members';

export function deleteTeamMember(teamMemberId: number) {
  return sendEndpoint<typeof accountApi.deleteTeamMember>('PUT', '/admin/delete-team-member', {
    body: { teamMemberId },
  });
}

export function useDeleteTeamMember() {
  return useApiMutation({ request: deleteTeamMember, invalidate: [teamKeys.all] });
}
