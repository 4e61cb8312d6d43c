import { isRole, type SessionUser } from '@nzeta/domain';
import dayjs from 'dayjs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { staff } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { hitCounter, refundHit, secondsUntil } from '../../lib/rate-counter';
import { verifyTotpForMember } from './mfa';
import { signStaffToken } from './staff-token';

export const INVALID_CREDENTIALS = 'Invalid email or password.';
const IP_WINDOW_MS = 60_000;

export interface SignInResult {
  user: SessionUser;
  jwtToken: string;
}

/**
 * Signs a member in. Failures are throttled per client address and per account (DESIGN §4);
 * an unknown e-mail and a wrong password answer the same message in about the same time.
 */
export async function signIn(
  db: Db,
  config: Config,
  input: { email: string; password: string; otp?: string | undefined; ip: string },
): Promise<SignInResult> {
  // Every attempt takes its place in the address's count before anything is checked, so a burst
  // of concurrent guesses cannot all slip past a count read before any of them failed. A
  // successful sign-in gives its place back: only failures are limited.
  const ipKey = `login-ip:${input.ip}`;
  const ipCounter = await hitCounter(db, ipKey, IP_WINDOW_MS);
  if (ipCounter.count > config.LOGIN_IP_LIMIT) {
    const retryAfter = secondsUntil(ipCounter.resetAt);
    throw new AppError(`Too many failed sign-in attempts. Please try again in ${retryAfter} seconds.`, 429, {
      'retry-after': String(retryAfter),
    });
  }

  const [member] = await db
    .select()
    .from(staff)
    .where(and(sql`lower(${staff.email}) = ${input.email.toLowerCase()}`, isNull(staff.deletedAt)))
    .limit(1);

  const fail = async (reason: string) => {
    await writeAudit(db, {
      actorId: member?.id,
      actorName: member?.name,
      action: 'sign-in',
      target: input.email.toLowerCase(),
      ip: input.ip,
      outcome: 'failed',
      detail: { reason },
    });
    return new AppError(INVALID_CREDENTIALS, 400);
  };

  if (!member) {
    await burnPasswordCheck(input.password);
    throw await fail('unknown e-mail');
  }

  const lockNow = async (): Promise<AppError> => {
    const lockedUntil = new Date(Date.now() + config.LOGIN_LOCK_MINUTES * 60_000).toISOString();
    await db.update(staff).set({ failedLogins: 0, lockedUntil }).where(eq(staff.id, member.id));
    await writeAudit(db, {
      actorId: member.id,
      actorName: member.name,
      action: 'account-locked',
      ip: input.ip,
      outcome: 'denied',
    });
    return lockedError(lockedUntil, config);
  };

  // The account's attempt number, taken atomically and only while it is not locked: of many
  // concurrent guesses only the first LOGIN_ACCOUNT_LOCK_AFTER ever reach the password check.
  const [attempt] = await db
    .update(staff)
    .set({ failedLogins: sql`${staff.failedLogins} + 1` })
    .where(and(eq(staff.id, member.id), sql`(${staff.lockedUntil} is null or ${staff.lockedUntil} <= now())`))
    .returning({ number: staff.failedLogins });
  if (!attempt) {
    const [locked] = await db.select({ until: staff.lockedUntil }).from(staff).where(eq(staff.id, member.id));
    await writeAudit(db, {
      actorId: member.id,
      actorName: member.name,
      action: 'sign-in',
      ip: input.ip,
      outcome: 'denied',
      detail: { reason: 'locked' },
    });
    throw lockedError(locked?.until ?? new Date().toISOString(), config);
  }
  if (attempt.number > config.LOGIN_ACCOUNT_LOCK_AFTER) throw await lockNow();

  // A wrong one-time code counts against the account like a wrong password: otherwise whoever
  // holds the password could try all million codes from enough addresses.
  const failAccount = async (reason: string): Promise<AppError> => {
    const error = await fail(reason);
    return attempt.number >= config.LOGIN_ACCOUNT_LOCK_AFTER ? lockNow() : error;
  };
  if (!(await verifyPassword(member.passwordHash, input.password))) throw await failAccount('wrong password');
  if (member.mfaEnabled) {
    if (!input.otp) {
      await db
        .update(staff)
        .set({ failedLogins: sql`greatest(${staff.failedLogins} - 1, 0)` })
        .where(eq(staff.id, member.id));
      await refundHit(db, ipKey);
      throw new AppError('Please enter the 6-digit code from your authenticator app.', 400, { 'x-mfa-required': '1' });
    }
    if (!(await verifyTotpForMember(db, member, input.otp))) throw await failAccount('wrong one-time code');
  }
  if (!isRole(member.type)) throw new AppError(INVALID_CREDENTIALS, 400);
  await db.update(staff).set({ failedLogins: 0, lockedUntil: null }).where(eq(staff.id, member.id));
  await refundHit(db, ipKey);
  await writeAudit(db, { actorId: member.id, actorName: member.name, action: 'sign-in', ip: input.ip });
  const user: SessionUser = { id: member.id, name: member.name, type: member.type };
  const jwtToken = await signStaffToken({ user, ver: member.tokenVersion }, config.jwtSecret, config.JWT_TTL_HOURS);
  return { user, jwtToken };
}

function lockedError(until: string, config: Config): AppError {
  const when = dayjs(until).tz(config.BUSINESS_TZ).format('DD/MM/YYYY HH:mm');
  return new AppError(`This account is locked after too many failed attempts. Please try again after ${when}.`, 423, {
    'retry-after': String(secondsUntil(new Date(until))),
  });
}
