import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, staff } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { hashPassword } from '../../lib/passwords';
import { hashResetToken } from './reset-token';

export const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Please ask for a new one.';

/**
 * Spends a reset link: sets the new password, unlocks the account and revokes every token the
 * member holds. Every other open link of the member is spent too.
 */
export async function resetPassword(db: Db, input: { token: string; newPassword: string; ip: string }): Promise<void> {
  const tokenHash = hashResetToken(input.token);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    // The conditional update is the single-use guarantee: two requests cannot both spend a link.
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ staffId: passwordResets.staffId });
    if (!reset) throw badRequest(INVALID_RESET_LINK);
    const [member] = await tx
      .update(staff)
      .set({
        passwordHash,
        tokenVersion: sql`${staff.tokenVersion} + 1`,
        failedLogins: 0,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(staff.id, reset.staffId), isNull(staff.deletedAt)))
      .returning({ id: staff.id, name: staff.name });
    if (!member) throw badRequest(INVALID_RESET_LINK);
    await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResets.staffId, member.id), isNull(passwordResets.usedAt)));
    await writeAudit(tx, {
      actorId: member.id,
      actorName: member.name,
      action: 'password-reset',
      target: `staff:${member.id}`,
      ip: input.ip,
    });
  });
}
