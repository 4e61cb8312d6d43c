import type { contracts, Role } from '@nzeta/domain';
import type { staff } from '../../db/schema';

/** What the list shows in place of a password: hashes never leave the server (DESIGN §3). */
export const MASKED_PASSWORD = '••••••••';

type StaffRow = Pick<
  typeof staff.$inferSelect,
  'id' | 'name' | 'email' | 'type' | 'createdAt' | 'lockedUntil' | 'mfaEnabled'
>;

/** The answer's shape lives in the contract, so server and console share one type. */
export type TeamMemberRow = contracts.account.TeamMember;

/** The team member of SPEC §3 (memberRole is the list's name for type). */
export function toTeamMemberRow(member: StaffRow): TeamMemberRow {
  // The column only ever holds a role of ROLES: members are written through the team schemas.
  const role = member.type as Role;
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    password: MASKED_PASSWORD,
    type: role,
    memberRole: role,
    createdAt: member.createdAt,
    lockedUntil: member.lockedUntil && new Date(member.lockedUntil) > new Date() ? member.lockedUntil : null,
    mfaEnabled: member.mfaEnabled,
  };
}

export const teamMemberColumns = <T extends typeof staff>(table: T) => ({
  id: table.id,
  name: table.name,
  email: table.email,
  type: table.type,
  createdAt: table.createdAt,
  lockedUntil: table.lockedUntil,
  mfaEnabled: table.mfaEnabled,
});
