import { and, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { passwordResets, staff } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { hitCounter, secondsUntil } from '../../lib/rate-counter';
import { enqueueMail, getCompanySettings, PASSWORD_RESET_VALID_MINUTES, renderMail } from '../mail';
import { newResetToken } from './reset-token';

export const RESET_LINK_SENT = 'If the address belongs to a team member, a reset link has been sent.';
const WINDOW_MS = 15 * 60_000;
/** More links than this per account and window are silently not sent: the answer never differs. */
const MAILS_PER_ACCOUNT = 3;

/** Links being written after their answer went out (awaited at shutdown and by tests). */
const pending = new Set<Promise<void>>();

/** Waits for every reset link still being written. */
export async function settleResetLinks(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

/**
 * Forgot password (DESIGN §4): e-mails a single-use link valid 30 minutes through the outbox.
 * The caller sees the same answer whether or not the address belongs to anyone, in the same
 * time: the look-up and the link are done after the answer, so a known address costs the caller
 * no more than an unknown one (timing told them apart).
 */
export async function requestPasswordReset(
  db: Db,
  config: Config,
  input: { email: string; ip: string; appOrigin: string },
  log?: FastifyBaseLogger,
): Promise<void> {
  const ipCounter = await hitCounter(db, `forgot-ip:${input.ip}`, WINDOW_MS);
  if (ipCounter.count > config.RESET_IP_LIMIT) {
    const retryAfter = secondsUntil(ipCounter.resetAt);
    throw new AppError(`Too many requests. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`, 429, {
      'retry-after': String(retryAfter),
    });
  }
  const work = sendResetLink(db, input).catch((error: unknown) => log?.error({ err: error }, 'reset link not sent'));
  pending.add(work);
  void work.finally(() => pending.delete(work));
}

async function sendResetLink(db: Db, input: { email: string; ip: string; appOrigin: string }): Promise<void> {
  const [member] = await db
    .select({ id: staff.id, name: staff.name, email: staff.email })
    .from(staff)
    .where(and(sql`lower(${staff.email}) = ${input.email.toLowerCase()}`, isNull(staff.deletedAt)))
    .limit(1);
  if (!member) return;
  const perAccount = await hitCounter(db, `forgot-account:${member.id}`, WINDOW_MS);
  if (perAccount.count > MAILS_PER_ACCOUNT) return;

  const { token, tokenHash } = newResetToken();
  const resetUrl = `${input.appOrigin.replace(/\/+$/, '')}/reset-password/${token}`;
  await db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      staffId: member.id,
      tokenHash,
      expiresAt: sql`now() + make_interval(mins => ${PASSWORD_RESET_VALID_MINUTES})`,
    });
    const mail = renderMail('password-reset', { name: member.name, resetUrl, settings: await getCompanySettings(tx) });
    await enqueueMail(tx, { kind: 'password-reset', provider: 'AWS', to: member.email, ...mail });
    await writeAudit(tx, {
      actorId: member.id,
      actorName: member.name,
      action: 'password-reset-requested',
      target: `staff:${member.id}`,
      ip: input.ip,
    });
  });
}
