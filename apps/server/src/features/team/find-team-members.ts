import { asc, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { staff } from '../../db/schema';
import { type TeamMemberRow, teamMemberColumns, toTeamMemberRow } from './team-member-shape';

/**
 * Every member who is not deleted, oldest first, with how many orders each holds in My Orders
 * (the delete confirmation says how many go back to the shared folders).
 */
export async function findTeamMembers(db: DbOrTx): Promise<Array<TeamMemberRow & { claimedOrders: number }>> {
  const rows = await db
    .select(teamMemberColumns(staff))
    .from(staff)
    .where(isNull(staff.deletedAt))
    .orderBy(asc(staff.id));
  const claims = await queryRows<{ assigned_to: number; count: number }>(
    db,
    sql`select assigned_to, count(*)::int as count from orders
      where assigned_to is not null and process_status = 'New' group by assigned_to`,
  );
  const claimedBy = new Map(claims.map((row) => [Number(row.assigned_to), Number(row.count)]));
  return rows.map((row) => ({ ...toTeamMemberRow(row), claimedOrders: claimedBy.get(row.id) ?? 0 }));
}
