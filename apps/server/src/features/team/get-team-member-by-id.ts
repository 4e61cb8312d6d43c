import { contracts } from '@nzeta/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { staff } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { type TeamMemberRow, teamMemberColumns, toTeamMemberRow } from './team-member-shape';

export const { MEMBER_NOT_FOUND } = contracts.account;

export async function getTeamMemberById(db: DbOrTx, id: number): Promise<TeamMemberRow> {
  const [row] = await db
    .select(teamMemberColumns(staff))
    .from(staff)
    .where(and(eq(staff.id, id), isNull(staff.deletedAt)))
    .limit(1);
  if (!row) throw notFound(MEMBER_NOT_FOUND, 'MEMBER_NOT_FOUND');
  return toTeamMemberRow(row);
}
