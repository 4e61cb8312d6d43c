import { asc, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { staff } from '../../db/schema';
import { type TeamMemberRow, teamMemberColumns, toTeamMemberRow } from './team-member-shape';

/** Every member who is not deleted, oldest first. */
export async function findTeamMembers(db: DbOrTx): Promise<TeamMemberRow[]> {
  const rows = await db
    .select(teamMemberColumns(staff))
    .from(staff)
    .where(isNull(staff.deletedAt))
    .orderBy(asc(staff.id));
  return rows.map(toTeamMemberRow);
}
