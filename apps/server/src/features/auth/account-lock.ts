import { formatDateTime } from '@nzeta/domain';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { staff } from '../../db/schema';
import { AppError, appError } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { clearCounter, hitCounter, secondsUntil } from '../../lib/rate-counter';

export interface LockableMember {
  id: number;
  name: string;
  email: string;
}

/**
 * The account's failure window, keyed by the e-mail as typed (lower-case): an unknown address
 * has one too, so it locks after as many guesses and answers the same (no enumeration by lock).
 */
export const accountKey = (email: string) => `login-account:${email.toLowerCase()}`;
export const accountWindowMs = (config: Config) => config.LOGIN_LOCK_MINUTES * 60_000;

export async function lockedUntil(db: DbOrTx, memberId: number): Promise<string | undefined> {
  const [row] = await db.select({ until: staff.lockedUntil }).from(staff).where(eq(staff.id, memberId));
  return row?.until && new Date(row.until) > new Date() ? row.until : undefined;
}

export function lockedError(until: string, config: Config): AppError {
  const when = formatDateTime(until, config.BUSINESS_TZ);
  return new AppError(`This account is locked after too many failed attempts. Please try again after ${when}.`, 423, {
    'retry-after': String(secondsUntil(new Date(until))),
  });
}

/** Locks the account for LOGIN_LOCK_MINUTES (audited); answers the lock's error. */
export async function lockAccount(db: DbOrTx, config: Config, member: LockableMember, ip: string): Promise<AppError> {
  const until = new Date(Date.now() + accountWindowMs(config)).toISOString();
  await db.update(staff).set({ failedLogins: 0, lockedUntil: until }).where(eq(staff.id, member.id));
  await writeAudit(db, { actorId: member.id, actorName: member.name, action: 'account-locked', ip, outcome: 'denied' });
  return lockedError(until, config);
}

/**
 * One failure against the account (a wrong password, or a wrong one-time code anywhere: at
 * sign-in, turning two-step verification off, changing the password). `windowCount` is the
 * failure's place in the account's window when the caller already took one. Answers the lock's
 * error once the account locks, undefined otherwise.
 */
export async function countAccountFailure(
  db: DbOrTx,
  config: Config,
  member: LockableMember,
  ip: string,
  windowCount?: number,
): Promise<AppError | undefined> {
  const count = windowCount ?? (await hitCounter(db, accountKey(member.email), accountWindowMs(config))).count;
  const [row] = await db
    .update(staff)
    .set({ failedLogins: sql`${staff.failedLogins} + 1` })
    .where(eq(staff.id, member.id))
    .returning({ consecutive: staff.failedLogins });
  const limit = config.LOGIN_ACCOUNT_LOCK_AFTER;
  // Consecutive failures (DESIGN §4) lock too, however long ago the first one was.
  return count >= limit || (row?.consecutive ?? 0) >= limit ? lockAccount(db, config, member, ip) : undefined;
}

/** A wrong code anywhere but sign-in: counted, and refused outright while the account is locked. */
export async function refuseWrongCode(
  db: DbOrTx,
  config: Config,
  member: LockableMember,
  ip: string,
): Promise<AppError> {
  return (await countAccountFailure(db, config, member, ip)) ?? appError('WRONG_CODE');
}

/** Lifts a lock and forgets the failures (an Admin's or Manager's unlock, a successful sign-in). */
export async function clearAccountFailures(db: DbOrTx, member: LockableMember): Promise<void> {
  await db.update(staff).set({ failedLogins: 0, lockedUntil: null }).where(eq(staff.id, member.id));
  await clearCounter(db, accountKey(member.email));
}
