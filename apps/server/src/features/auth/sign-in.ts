import { isRole, type SessionUser } from '@nzeta/domain';
import dayjs from 'dayjs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { staff } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { type Counter, clearCounter, peekCounter, refundHit, reserveHit, secondsUntil } from '../../lib/rate-counter';
import { verifyTotpForMember } from './mfa';
import { signStaffToken } from './staff-token';

export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const TOO_MANY_AT_ONCE = 'Too many sign-in attempts at once. Please try again in a moment.';
const IP_WINDOW_MS = 60_000;
/** How long an attempt waits for a place held by attempts still being checked. */
const PLACE_WAIT_MS = 100;
const IP_PLACE_TRIES = 5;
const ACCOUNT_PLACE_TRIES = 30;

export interface SignInResult {
  user: SessionUser;
  jwtToken: string;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Signs a member in. Failures are throttled per client address and per account (DESIGN §4);
 * an unknown e-mail and a wrong password answer the same message in about the same time.
 *
 * Every attempt takes a place in the address's and the account's window *before* anything is
 * checked, so a burst of concurrent guesses cannot all be checked against a count read before any
 * of them failed. A failure keeps its place; a success gives it back (and clears the account's
 * window), so only failures are limited. An attempt that finds the places held by attempts still
 * being checked waits briefly for them, so concurrent correct sign-ins are not refused.
 */
export async function signIn(
  db: Db,
  config: Config,
  input: { email: string; password: string; otp?: string | undefined; ip: string },
): Promise<SignInResult> {
  const ipKey = `login-ip:${input.ip}`;
  let ipPlace = await reserveHit(db, ipKey, IP_WINDOW_MS, config.LOGIN_IP_LIMIT);
  for (let tries = 1; !ipPlace && tries < IP_PLACE_TRIES; tries++) {
    await pause(PLACE_WAIT_MS);
    ipPlace = await reserveHit(db, ipKey, IP_WINDOW_MS, config.LOGIN_IP_LIMIT);
  }
  if (!ipPlace) {
    const retryAfter = secondsUntil((await peekCounter(db, ipKey))?.resetAt ?? new Date(Date.now() + IP_WINDOW_MS));
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

  const lockedUntil = async () => {
    const [row] = await db.select({ until: staff.lockedUntil }).from(staff).where(eq(staff.id, member.id));
    return row?.until && new Date(row.until) > new Date() ? row.until : undefined;
  };
  const refuseLocked = async (until: string) => {
    await writeAudit(db, {
      actorId: member.id,
      actorName: member.name,
      action: 'sign-in',
      ip: input.ip,
      outcome: 'denied',
      detail: { reason: 'locked' },
    });
    return lockedError(until, config);
  };

  // The account's window lasts as long as a lock: at most LOGIN_ACCOUNT_LOCK_AFTER passwords
  // are ever checked per lock period, however the attempts are spread or bunched.
  const accountKey = `login-account:${member.id}`;
  const accountWindowMs = config.LOGIN_LOCK_MINUTES * 60_000;
  let place: Counter | undefined;
  for (let tries = 0; !place; tries++) {
    const until = await lockedUntil();
    if (until) throw await refuseLocked(until);
    if (tries === ACCOUNT_PLACE_TRIES) {
      await refundHit(db, ipKey);
      throw new AppError(TOO_MANY_AT_ONCE, 429, { 'retry-after': '5' });
    }
    if (tries > 0) await pause(PLACE_WAIT_MS);
    place = await reserveHit(db, accountKey, accountWindowMs, config.LOGIN_ACCOUNT_LOCK_AFTER);
  }
  const attempt = place;

  const lockNow = async (): Promise<AppError> => {
    const until = new Date(Date.now() + accountWindowMs).toISOString();
    await db.update(staff).set({ failedLogins: 0, lockedUntil: until }).where(eq(staff.id, member.id));
    await writeAudit(db, {
      actorId: member.id,
      actorName: member.name,
      action: 'account-locked',
      ip: input.ip,
      outcome: 'denied',
    });
    return lockedError(until, config);
  };
  // A wrong one-time code counts against the account like a wrong password: otherwise whoever
  // holds the password could try all million codes from enough addresses.
  // Consecutive failures (DESIGN §4) lock too, however long ago the first one was.
  const failAccount = async (reason: string): Promise<AppError> => {
    const [row] = await db
      .update(staff)
      .set({ failedLogins: sql`${staff.failedLogins} + 1` })
      .where(eq(staff.id, member.id))
      .returning({ consecutive: staff.failedLogins });
    const error = await fail(reason);
    const limit = config.LOGIN_ACCOUNT_LOCK_AFTER;
    return attempt.count >= limit || (row?.consecutive ?? 0) >= limit ? lockNow() : error;
  };
  const giveBack = async () => {
    await clearCounter(db, accountKey);
    await refundHit(db, ipKey);
  };

  if (!(await verifyPassword(member.passwordHash, input.password))) throw await failAccount('wrong password');
  if (member.mfaEnabled) {
    if (!input.otp) {
      // The password was right: asking for the code is not a failure.
      await refundHit(db, accountKey);
      await refundHit(db, ipKey);
      throw new AppError('Please enter the 6-digit code from your authenticator app.', 400, { 'x-mfa-required': '1' });
    }
    if (!(await verifyTotpForMember(db, member, input.otp))) throw await failAccount('wrong one-time code');
  }
  if (!isRole(member.type)) throw new AppError(INVALID_CREDENTIALS, 400);
  await db.update(staff).set({ failedLogins: 0, lockedUntil: null }).where(eq(staff.id, member.id));
  await giveBack();
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
