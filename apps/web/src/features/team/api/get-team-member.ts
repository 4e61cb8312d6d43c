import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { type TeamMember, teamKeys } from './get-team-members';

export const teamMemberQuery = (id: number) =>
  queryOptions({
    queryKey: teamKeys.member(id),
    queryFn: async () => (await apiCall<TeamMember>('GET', `admin/team-member-info/${id}`)).data as TeamMember,
    // The edit form must start from what is stored now, not from a copy seconds old.
    staleTime: 0,
  });

export function useTeamMember(id: number | undefined) {
  return useQuery({ ...teamMemberQuery(id ?? 0), enabled: id !== undefined });
}
