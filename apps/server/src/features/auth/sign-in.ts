import { ERROR_CODES, isRole, type SessionUser } from '@nzeta/domain';
import { and, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { staff } from '../../db/schema';
import { AppError, appError } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords';
import { type Counter, peekCounter, refundHit, reserveHit, secondsUntil } from '../../lib/rate-counter';
import { startStaffSession } from '../../lib/staff-session';
import {
  accountKey,
  accountWindowMs,
  clearAccountFailures,
  countAccountFailure,
  lockedError,
  lockedUntil,
} from './account-lock';
import { issueDeviceCookie, readDeviceCookie } from './device-cookie';
import { verifyTotpForMember } from './mfa';

export const INVALID_CREDENTIALS = ERROR_CODES.INVALID_CREDENTIALS.message;
export const TOO_MANY_AT_ONCE = 'Too many sign-in attempts at once. Please try again in a moment.';
const IP_WINDOW_MS = 60_000;
/** How long an attempt waits for a place held by attempts still being checked. */
const PLACE_WAIT_MS = 100;
const IP_PLACE_TRIES = 5;
const ACCOUNT_PLACE_TRIES = 30;

export interface SignInResult {
  user: SessionUser;
  jwtToken: string;
  /** the signed device cookie this browser keeps for the account */
  deviceCookie: string;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Takes a place in a window, waiting briefly for places held by attempts still being checked
 * (a success gives its place back). While the window is full it is only read, never written: a
 * flood of throttled guesses must cost the server, and the members signing in beside it, little.
 */
async function takePlace(db: Db, key: string, windowMs: number, limit: number): Promise<boolean> {
  for (let tries = 0; tries < IP_PLACE_TRIES; tries++) {
    if (tries > 0) await pause(PLACE_WAIT_MS);
    const current = await peekCounter(db, key);
    if (current && current.count >= limit) continue;
    if (await reserveHit(db, key, windowMs, limit)) return true;
  }
  return false;
}

async function throttled(db: Db, key: string): Promise<AppError> {
  const retryAfter = secondsUntil((await peekCounter(db, key))?.resetAt ?? new Date(Date.now() + IP_WINDOW_MS));
  return new AppError(`Too many failed sign-in attempts. Please try again in ${retryAfter} seconds.`, 429, {
    'retry-after': String(retryAfter),
  });
}

/**
 * Signs a member in (DESIGN §4). Failures are counted per (address, account), per address at a
 * much higher threshold, and per account (the lock); an unknown e-mail and a wrong password
 * answer the same message in about the same time, and lock alike.
 *
 * A browser holding the account's device cookie skips the address limits and the lock: its own
 * failures count against the cookie instead, so someone else's guesses never lock the owner out.
 *
 * Every attempt takes its places *before* anything is checked, so a burst of concurrent guesses
 * cannot all be checked against a count read before any of them failed. A failure keeps its
 * places; a success gives them back (and clears the account's window).
 */
export async function signIn(
  db: Db,
  config: Config,
  input: { email: string; password: string; otp?: string | undefined; ip: string; deviceCookie?: string | undefined },
): Promise<SignInResult> {
  const email = input.email.toLowerCase();
  const ipKey = `login-ip:${input.ip}`;
  const pairKey = `login-pair:${input.ip}:${email}`;
  const device = readDeviceCookie(input.deviceCookie, config.jwtSecret);
  const deviceKey = device && device.account === email ? `login-device:${device.nonce}` : undefined;
  const lockWindow = accountWindowMs(config);
  const isTrusted = deviceKey !== undefined && !!(await reserveHit(db, deviceKey, lockWindow, config.LOGIN_PAIR_LIMIT));
  const taken: string[] = [];
  if (!isTrusted) {
    if (!(await takePlace(db, pairKey, IP_WINDOW_MS, config.LOGIN_PAIR_LIMIT))) throw await throttled(db, pairKey);
    taken.push(pairKey);
    if (!(await takePlace(db, ipKey, IP_WINDOW_MS, config.LOGIN_IP_LIMIT))) {
      await refundHit(db, pairKey);
      throw await throttled(db, ipKey);
    }
    taken.push(ipKey);
  } else if (deviceKey) taken.push(deviceKey);
  const giveBack = async () => {
    for (const key of taken) await refundHit(db, key);
  };

  const [member] = await db
    .select()
    .from(staff)
    .where(and(sql`lower(${staff.email}) = ${email}`, isNull(staff.deletedAt)))
    .limit(1);

  const audit = async (outcome: 'failed' | 'denied', reason: string) =>
    writeAudit(db, {
      actorId: member?.id,
      actorName: member?.name,
      action: 'sign-in',
      target: email,
      ip: input.ip,
      outcome,
      detail: { reason, ...(isTrusted && { device: true }) },
    });
  const invalid = () => appError('INVALID_CREDENTIALS');

  // The account's window lasts as long as a lock: at most LOGIN_ACCOUNT_LOCK_AFTER passwords
  // are ever checked per lock period from browsers that are not the owner's.
  let attempt: Counter | undefined;
  if (!isTrusted) {
    for (let tries = 0; !attempt; tries++) {
      const until = member ? await lockedUntil(db, member.id) : undefined;
      const full = !member && (await peekCounter(db, accountKey(email)));
      const unknownUntil =
        full && full.count >= config.LOGIN_ACCOUNT_LOCK_AFTER ? full.resetAt.toISOString() : undefined;
      if (until || unknownUntil) {
        await audit('denied', 'locked');
        throw lockedError((until ?? unknownUntil) as string, config);
      }
      if (tries === ACCOUNT_PLACE_TRIES) {
        await giveBack();
        throw new AppError(TOO_MANY_AT_ONCE, 429, { 'retry-after': '5' });
      }
      if (tries > 0) await pause(PLACE_WAIT_MS);
      attempt = await reserveHit(db, accountKey(email), lockWindow, config.LOGIN_ACCOUNT_LOCK_AFTER);
    }
  }

  if (!member) {
    await burnPasswordCheck(input.password);
    await audit('failed', 'unknown e-mail');
    if (attempt && attempt.count >= config.LOGIN_ACCOUNT_LOCK_AFTER) {
      throw lockedError(new Date(Date.now() + lockWindow).toISOString(), config);
    }
    throw invalid();
  }

  // A wrong one-time code counts against the account like a wrong password: otherwise whoever
  // holds the password could try all million codes from enough addresses.
  const failAccount = async (reason: string): Promise<AppError> => {
    await audit('failed', reason);
    if (isTrusted) return invalid();
    return (await countAccountFailure(db, config, member, input.ip, attempt?.count)) ?? invalid();
  };

  if (!(await verifyPassword(member.passwordHash, input.password))) throw await failAccount('wrong password');
  if (member.mfaEnabled) {
    if (!input.otp) {
      // The password was right: asking for the code is not a failure.
      await giveBack();
      if (attempt) await refundHit(db, accountKey(email));
      throw new AppError(
        'Please enter the 6-digit code from your authenticator app.',
        400,
        { 'x-mfa-required': '1' },
        'MFA_CODE_REQUIRED',
      );
    }
    if (!(await verifyTotpForMember(db, member, input.otp, config.mfaKey)))
      throw await failAccount('wrong one-time code');
  }
  if (!isRole(member.type)) throw invalid();
  // The owner's browser gets through a lock others caused, but does not lift it: clearing the
  // count would hand whoever causes it ten more guesses each time the owner signs in.
  if (!isTrusted) await clearAccountFailures(db, member);
  await giveBack();
  await writeAudit(db, { actorId: member.id, actorName: member.name, action: 'sign-in', ip: input.ip });
  const user: SessionUser = { id: member.id, name: member.name, type: member.type };
  const jwtToken = await startStaffSession(
    db,
    { user, tokenVersion: member.tokenVersion },
    { secret: config.jwtSecret, ttlHours: config.JWT_TTL_HOURS },
  );
  const deviceCookie =
    isTrusted && input.deviceCookie ? input.deviceCookie : issueDeviceCookie(email, config.jwtSecret).value;
  return { user, jwtToken, deviceCookie };
}
