import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staff } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { StaffPrincipal } from '../../plugins/authentication';
import { releaseMemberClaims } from '../lifecycle';
import { MEMBER_NOT_FOUND } from './get-team-member-by-id';
import { assertCanManage } from './team-rules';

/**
 * Soft delete: the row stays so orders and comments still name the member; the e-mail becomes
 * free again and every token of the member stops working at once; their claimed orders are
 * released to the shared folders.
 */
export async function deleteTeamMember(
  db: Db,
  actor: StaffPrincipal,
  memberId: number,
  ip: string,
): Promise<{ releasedOrders: number }> {
  if (memberId === actor.id) throw badRequest('You cannot delete your own account.', 'REQUEST_REFUSED');
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: staff.id, type: staff.type, email: staff.email })
      .from(staff)
      .where(and(eq(staff.id, memberId), isNull(staff.deletedAt)))
      .for('update')
      .limit(1);
    if (!member) throw notFound(MEMBER_NOT_FOUND, 'MEMBER_NOT_FOUND');
    assertCanManage(actor, member.type);
    await tx
      .update(staff)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()`, tokenVersion: sql`${staff.tokenVersion} + 1` })
      .where(eq(staff.id, member.id));
    await writeAudit(tx, {
      actorId: actor.id,
      actorName: actor.name,
      action: 'team-member-deleted',
      target: `staff:${member.id}`,
      ip,
      detail: { email: member.email, type: member.type },
    });
    // Their claimed orders return to the shared folders in this same transaction.
    const releasedOrders = await releaseMemberClaims(tx, member.id, actor);
    return { releasedOrders };
  });
}
