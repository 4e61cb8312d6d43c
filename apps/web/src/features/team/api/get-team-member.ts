import type * as accountApi from '@nzeta/domain/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api/endpoints';
import { teamKeys } from './get-team-members';

export const teamMemberQuery = (id: number) =>
  queryOptions({
    queryKey: teamKeys.member(id),
    queryFn: () =>
      fetchData<typeof accountApi.teamMemberInfo>('GET', '/admin/team-member-info/:id', { params: { id } }),
    // The edit form must start from what is stored now, not from a copy seconds old.
    staleTime: 0,
  });

export function useTeamMember(id: number | undefined) {
  return useQuery({ ...teamMemberQuery(id ?? 0), enabled: id !== undefined });
}
