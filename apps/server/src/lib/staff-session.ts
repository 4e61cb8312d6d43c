import { randomBytes } from 'node:crypto';
import type { SessionUser } from '@nzeta/domain';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { staff, staffSessions } from '../db/schema';
import { signStaffToken } from './staff-token';

/** A request refreshes its session's last-seen time at most this often: one write a minute. */
const TOUCH_AFTER_MS = 60_000;

/** Starts a session of the member and signs its token (the sid names the session). */
export async function startStaffSession(
  db: DbOrTx,
  member: { user: SessionUser; tokenVersion: number },
  signing: { secret: Uint8Array; ttlHours: number },
): Promise<string> {
  const sid = randomBytes(18).toString('base64url');
  await db.insert(staffSessions).values({ id: sid, staffId: member.user.id });
  return signStaffToken({ user: member.user, ver: member.tokenVersion, sid }, signing.secret, signing.ttlHours);
}

/**
 * Whether the session is still alive: known and used within the idle timeout. A live session
 * is marked seen now (at most once a minute, so a busy console writes little).
 */
export function isSessionAlive(lastSeenAt: string | null, idleMinutes: number): boolean {
  return lastSeenAt !== null && Date.now() - new Date(lastSeenAt).getTime() < idleMinutes * 60_000;
}

/**
 * Writes the session's last-seen time when the one known (`session`, perhaps kept in memory by
 * MemberCache) is a minute old, and moves it on there, so concurrent requests write it once.
 */
export async function touchSession(db: DbOrTx, sid: string, session: { lastSeenAt: string | null }): Promise<void> {
  const previous = session.lastSeenAt;
  if (previous === null || Date.now() - new Date(previous).getTime() < TOUCH_AFTER_MS) return;
  session.lastSeenAt = new Date().toISOString();
  try {
    await db.update(staffSessions).set({ lastSeenAt: sql`now()` }).where(eq(staffSessions.id, sid));
  } catch (error) {
    // Not written: the next request tries again.
    if (session.lastSeenAt !== previous) session.lastSeenAt = previous;
    throw error;
  }
}

export async function endStaffSession(db: DbOrTx, sid: string | undefined): Promise<void> {
  if (sid) await db.delete(staffSessions).where(eq(staffSessions.id, sid));
}

/** Sessions idle past the timeout (run by the housekeeping job). */
export async function purgeIdleSessions(db: DbOrTx, idleMinutes: number): Promise<number> {
  const gone = await db
    .delete(staffSessions)
    .where(and(lt(staffSessions.lastSeenAt, sql`now() - make_interval(mins => ${idleMinutes})`)))
    .returning({ id: staffSessions.id });
  return gone.length;
}

/**
 * Whether a long-lived request's session still stands (read only: checking is not activity, so it
 * does not keep the session alive): it exists, its member's tokens were not revoked since, and it
 * was used within the idle timeout.
 */
export async function isStillSignedIn(
  db: DbOrTx,
  member: { id: number; sid?: string | undefined; tokenVersion?: number | undefined },
  idleMinutes: number,
): Promise<boolean> {
  if (!member.sid) return false;
  const [row] = await db
    .select({ lastSeenAt: staffSessions.lastSeenAt, tokenVersion: staff.tokenVersion })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.id, member.sid), eq(staff.id, member.id)));
  return !!row && row.tokenVersion === member.tokenVersion && isSessionAlive(row.lastSeenAt, idleMinutes);
}
