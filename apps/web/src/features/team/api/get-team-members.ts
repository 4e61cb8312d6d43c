import { contracts } from '@nzeta/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api/endpoints';

/** A row of the member list (SPEC §3): the password is a mask, never the real one. */
export type TeamMember = contracts.account.TeamListRow;

export const teamKeys = {
  all: ['team'] as const,
  list: ['team', 'list'] as const,
  member: (id: number) => ['team', 'member', id] as const,
  types: ['team', 'types'] as const,
};

export const teamMembersQuery = queryOptions({
  queryKey: teamKeys.list,
  queryFn: async () => (await callEndpoint(contracts.account.teamMemberList)).data ?? [],
});

export function useTeamMembers() {
  return useQuery(teamMembersQuery);
}
