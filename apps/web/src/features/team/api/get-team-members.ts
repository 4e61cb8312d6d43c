import type * as accountApi from '@nzeta/domain/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api/endpoints';
import { queryKeys } from '../../../lib/query-keys';

/** A row of the member list (SPEC §3): the password is a mask, never the real one. */
export type TeamMember = accountApi.TeamListRow;

export const teamKeys = queryKeys.team;

export const teamMembersQuery = queryOptions({
  queryKey: teamKeys.list,
  queryFn: async () =>
    (await callEndpoint<typeof accountApi.teamMemberList>('GET', '/admin/get-team-member-list')).data ?? [],
});

export function useTeamMembers() {
  return useQuery(teamMembersQuery);
}
