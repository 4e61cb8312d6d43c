import type * as accountApi from '@nzeta/domain/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api/endpoints';

/** A row of the member list (SPEC §3): the password is a mask, never the real one. */
export type TeamMember = accountApi.TeamListRow;

export const teamKeys = {
  all: ['team'] as const,
  list: ['team', 'list'] as const,
  member: (id: number) => ['team', 'member', id] as const,
  types: ['team', 'types'] as const,
};

export const teamMembersQuery = queryOptions({
  queryKey: teamKeys.list,
  queryFn: async () =>
    (await callEndpoint<typeof accountApi.teamMemberList>('GET', '/admin/get-team-member-list')).data ?? [],
});

export function useTeamMembers() {
  return useQuery(teamMembersQuery);
}
