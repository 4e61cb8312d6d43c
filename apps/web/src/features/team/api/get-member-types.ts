import { ROLES, type Role } from '@nzeta/domain';
import type * as accountApi from '@nzeta/domain/contracts/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api/endpoints';
import { teamKeys } from './get-team-members';

export const memberTypesQuery = queryOptions({
  queryKey: teamKeys.types,
  queryFn: async () =>
    (await callEndpoint<typeof accountApi.teamMemberTypes>('GET', '/admin/get-team-member-type')).data ?? [...ROLES],
  staleTime: Number.POSITIVE_INFINITY,
});

/** The member types offered by the form; the five roles until the server has answered. */
export function useMemberTypes(): readonly Role[] {
  return useQuery(memberTypesQuery).data ?? ROLES;
}
