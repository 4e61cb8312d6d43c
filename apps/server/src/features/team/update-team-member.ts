import type { UpdateTeamMemberInput } from '@nzeta/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staff } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { hashPassword } from '../../lib/passwords';
import type { StaffPrincipal } from '../../plugins/authentication';
import { spendResetLinks } from '../auth';
import { MEMBER_NOT_FOUND } from './get-team-member-by-id';
import { assertCanManage, assertEmailFree, DUPLICATE_EMAIL, isUniqueViolation } from './team-rules';

/**
 * Edits a member. An empty password keeps the current one. A new password or a new role
 * revokes the member's tokens, so nobody keeps a session with rights they no longer have.
 */
export async function updateTeamMember(
  db: Db,
  actor: StaffPrincipal,
  input: UpdateTeamMemberInput,
  ip: string,
): Promise<void> {
  const [member] = await db
    .select({ id: staff.id, type: staff.type, email: staff.email, name: staff.name })
    .from(staff)
    .where(and(eq(staff.id, input.tmId), isNull(staff.deletedAt)))
    .limit(1);
  if (!member) throw notFound(MEMBER_NOT_FOUND, 'MEMBER_NOT_FOUND');
  assertCanManage(actor, member.type, input.type);
  const isRoleChange = member.type !== input.type;
  // Keeps at least one Admin: nobody can take away their own rights by accident.
  if (isRoleChange && member.id === actor.id) throw badRequest('You cannot change your own type.', 'REQUEST_REFUSED');
  await assertEmailFree(db, input.email, member.id);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const revokes = isRoleChange || passwordHash !== undefined;

  try {
    await db.transaction(async (tx) => {
      await tx
        .update(staff)
        .set({
          name: input.name,
          email: input.email,
          type: input.type,
          updatedAt: sql`now()`,
          ...(passwordHash ? { passwordHash, failedLogins: 0, lockedUntil: null } : {}),
          ...(revokes ? { tokenVersion: sql`${staff.tokenVersion} + 1` } : {}),
        })
        .where(eq(staff.id, member.id));
      // A link sent to the old address, or made before the new password, must not outlive either.
      if (passwordHash || member.email.toLowerCase() !== input.email.toLowerCase())
        await spendResetLinks(tx, member.id);
      const audit = { actorId: actor.id, actorName: actor.name, target: `staff:${member.id}`, ip };
      await writeAudit(tx, {
        ...audit,
        action: 'team-member-updated',
        detail: {
          ...(member.name !== input.name ? { name: { from: member.name, to: input.name } } : {}),
          ...(member.email !== input.email ? { email: { from: member.email, to: input.email } } : {}),
          passwordChanged: passwordHash !== undefined,
        },
      });
      if (isRoleChange) {
        await writeAudit(tx, {
          ...audit,
          action: 'team-member-role-changed',
          detail: { from: member.type, to: input.type },
        });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_EMAIL, 'EMAIL_TAKEN');
    throw error;
  }
}
