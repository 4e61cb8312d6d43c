import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staff } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { StaffPrincipal } from '../../plugins/authentication';
import { clearAccountFailures } from '../auth';
import { MEMBER_NOT_FOUND } from './get-team-member-by-id';
import { assertCanManage } from './team-rules';

async function loadMember(db: Db, memberId: number) {
  const [member] = await db
    .select({ id: staff.id, name: staff.name, email: staff.email, type: staff.type })
    .from(staff)
    .where(and(eq(staff.id, memberId), isNull(staff.deletedAt)))
    .limit(1);
  if (!member) throw notFound(MEMBER_NOT_FOUND, 'MEMBER_NOT_FOUND');
  return member;
}

/** Lifts a sign-in lock (DESIGN §3: Admin, Manager; a Manager never touches an Admin). Audited. */
export async function unlockTeamMember(db: Db, actor: StaffPrincipal, memberId: number, ip: string): Promise<void> {
  const member = await loadMember(db, memberId);
  assertCanManage(actor, member.type);
  await clearAccountFailures(db, member);
  await writeAudit(db, {
    actorId: actor.id,
    actorName: actor.name,
    action: 'account-unlocked',
    target: `staff:${member.id}`,
    ip,
  });
}

/**
 * An Admin resets another member's two-step verification (a lost phone): the secret and the
 * recovery codes go; the member sets it up again at the next sign-in when the policy asks.
 */
export async function resetTeamMemberMfa(db: Db, actor: StaffPrincipal, memberId: number, ip: string): Promise<void> {
  const member = await loadMember(db, memberId);
  await db.transaction(async (tx) => {
    await tx
      .update(staff)
      .set({ mfaEnabled: false, mfaSecret: null, mfaLastStep: null, recoveryCodes: [] })
      .where(eq(staff.id, member.id));
    await writeAudit(tx, {
      actorId: actor.id,
      actorName: actor.name,
      action: 'mfa-reset',
      target: `staff:${member.id}`,
      ip,
    });
  });
}
