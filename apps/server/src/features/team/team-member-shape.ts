import type { staff } from '../../db/schema';

/** What the list shows in place of a password: hashes never leave the server (DESIGN §3). */
export const MASKED_PASSWORD = '••••••••';

type StaffRow = Pick<
  typeof staff.$inferSelect,
  'id' | 'name' | 'email' | 'type' | 'createdAt' | 'lockedUntil' | 'mfaEnabled'
>;

export interface TeamMemberRow {
  id: number;
  name: string;
  email: string;
  password: string;
  type: string;
  memberRole: string;
  createdAt: string;
  /** when a sign-in lock ends; null when the account is not locked (the unlock button) */
  lockedUntil: string | null;
  mfaEnabled: boolean;
}

/** The team member of SPEC §3 (memberRole is the list's name for type). */
export function toTeamMemberRow(member: StaffRow): TeamMemberRow {
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    password: MASKED_PASSWORD,
    type: member.type,
    memberRole: member.type,
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
