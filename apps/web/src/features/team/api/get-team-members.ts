import type { Role } from '@nzeta/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A row of the member list (SPEC §3): the password is a mask, never the real one. */
export interface TeamMember {
  id: number;
  name: string;
  email: string;
  password: string;
  type: Role;
  memberRole: Role;
  createdAt: string;
  /** orders the member holds in My Orders, released when the member is deleted */
  claimedOrders?: number;
  /** when a sign-in lock ends; null when not locked */
  lockedUntil?: string | null;
  mfaEnabled?: boolean;
}

export const teamKeys = queryKeys.team;

export const teamMembersQuery = queryOptions({
  queryKey: teamKeys.list,
  queryFn: async () => (await apiCall<TeamMember[]>('GET', 'admin/get-team-member-list')).data ?? [],
});

export function useTeamMembers() {
  return useQuery(teamMembersQuery);
}
