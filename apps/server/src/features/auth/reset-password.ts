import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { passwordResets, staff } from '../../db/schema';
import { AppError, badRequest } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { hashPassword } from '../../lib/passwords';
import { peekCounter, reserveHit, secondsUntil } from '../../lib/rate-counter';
import { hashResetToken } from './reset-token';

export const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Please ask for a new one.';
const WINDOW_MS = 15 * 60_000;

/** Spends every open reset link of a member: a new password or a new e-mail address ends them all. */
export async function spendResetLinks(db: DbOrTx, staffId: number): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.staffId, staffId), isNull(passwordResets.usedAt)));
}

/**
 * Spends a reset link: sets the new password, unlocks the account and revokes every token the
 * member holds. Every other open link of the member is spent too.
 *
 * The token is looked up before anything costly: only a live link pays for hashing the new
 * password, so invalid tokens cost one indexed read each, and each address may send only
 * RESET_IP_LIMIT invalid ones per quarter of an hour.
 */
export async function resetPassword(
  db: Db,
  config: Config,
  input: { token: string; newPassword: string; ip: string },
): Promise<void> {
  const ipKey = `reset-ip:${input.ip}`;
  const used = await peekCounter(db, ipKey);
  if (used && used.count >= config.RESET_IP_LIMIT) throw tooMany(used.resetAt);
  const tokenHash = hashResetToken(input.token);
  const live = and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, sql`now()`),
  );
  const [found] = await db.select({ staffId: passwordResets.staffId }).from(passwordResets).where(live).limit(1);
  if (!found) {
    await reserveHit(db, ipKey, WINDOW_MS, config.RESET_IP_LIMIT);
    throw badRequest(INVALID_RESET_LINK);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    // The conditional update is the single-use guarantee: two requests cannot both spend a link.
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(live)
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
    await spendResetLinks(tx, member.id);
    await writeAudit(tx, {
      actorId: member.id,
      actorName: member.name,
      action: 'password-reset',
      target: `staff:${member.id}`,
      ip: input.ip,
    });
  });
}

function tooMany(resetAt: Date): AppError {
  const retryAfter = secondsUntil(resetAt);
  return new AppError(`Too many requests. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`, 429, {
    'retry-after': String(retryAfter),
  });
}
