import { contracts, ROLES, type Role } from '@nzeta/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api/endpoints';
import { teamKeys } from './get-team-members';

export const memberTypesQuery = queryOptions({
  queryKey: teamKeys.types,
  queryFn: async () => (await callEndpoint(contracts.account.teamMemberTypes)).data ?? [...ROLES],
  staleTime: Number.POSITIVE_INFINITY,
});

/** The member types offered by the form; the five roles until the server has answered. */
export function useMemberTypes(): readonly Role[] {
  return useQuery(memberTypesQuery).data ?? ROLES;
}
