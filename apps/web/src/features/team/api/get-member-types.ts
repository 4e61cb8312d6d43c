import { ROLES, type Role } from '@nzeta/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { teamKeys } from './get-team-members';

export const memberTypesQuery = queryOptions({
  queryKey: teamKeys.types,
  queryFn: async () => (await apiCall<Role[]>('GET', 'admin/get-team-member-type')).data ?? [...ROLES],
  staleTime: Number.POSITIVE_INFINITY,
});

/** The member types offered by the form; the five roles until the server has answered. */
export function useMemberTypes(): readonly Role[] {
  return useQuery(memberTypesQuery).data ?? ROLES;
}
