import { can, isRole, type Permission, type Role } from '@nzeta/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { REQUIRE_MFA_KEY, settings, staff, staffSessions } from '../db/schema';
import { forbidden, mfaSetupRequired, unauthorized } from '../lib/app-error';
import { writeAudit } from '../lib/audit';
import { memoizeByObject } from '../lib/memo';
import { isSessionAlive, touchSession } from '../lib/staff-session';
import { tokenFromHeader, verifyStaffToken } from '../lib/staff-token';

export interface StaffPrincipal {
  id: number;
  name: string;
  role: Role;
  /** the session the token belongs to (logout ends it) */
  sid?: string;
  /** the member's token version the token was checked against */
  tokenVersion?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: StaffPrincipal | null;
  }
  interface FastifyContextConfig {
    /** The permission a staff route requires (DESIGN §3); 'public' routes need none. */
    permission?: Permission | 'public';
    /** EventSource cannot send headers: this route may take the token as ?token= */
    allowQueryToken?: boolean;
    /** open to a member who must still set up two-step verification (enrolment, sign-out) */
    allowDuringMfaSetup?: boolean;
  }
}

function buildMemberQuery(db: Db) {
  return db
    .select({
      id: staff.id,
      name: staff.name,
      type: staff.type,
      tokenVersion: staff.tokenVersion,
      mfaEnabled: staff.mfaEnabled,
      mfaRequired: sql<boolean>`coalesce((select ${settings.value} = 'true'::jsonb from ${settings} where ${settings.key} = ${REQUIRE_MFA_KEY}), false)`,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staff)
    .leftJoin(staffSessions, and(eq(staffSessions.id, sql.placeholder('sid')), eq(staffSessions.staffId, staff.id)))
    .where(and(eq(staff.id, sql.placeholder('id')), isNull(staff.deletedAt)))
    .limit(1)
    .prepare('staff_member_session');
}

export const SESSION_IDLE = 'Your session has ended after a period without activity. Please sign in again.';

/** Every staff request runs it: built once, planned once per connection. */
const memberQuery = memoizeByObject(buildMemberQuery);

/**
 * Staff authentication: a valid token of a member who still exists with the same token
 * version. The role is the database's, so a role change applies at once: the check is kept in
 * memory (MemberCache) only until a change to the member, the session or the setting is heard of.
 */
export async function authenticateStaff(app: FastifyInstance, request: FastifyRequest): Promise<StaffPrincipal> {
  const queryToken = request.routeOptions.config.allowQueryToken
    ? (request.query as { token?: string }).token
    : undefined;
  const token = tokenFromHeader(request.headers.authorization) ?? queryToken;
  if (!token) throw unauthorized('Please sign in to continue.');
  const claims = await verifyStaffToken(token, app.ctx.config.jwtSecret);
  if (!claims) throw unauthorized();
  const { db, members } = app.ctx;
  const member = await members.check(claims.user.id, claims.sid, async () => {
    const [row] = await memberQuery(db).execute({ id: claims.user.id, sid: claims.sid });
    return row;
  });
  if (!member || member.tokenVersion !== claims.ver || !isRole(member.type)) throw unauthorized();
  // The idle timeout is the server's, not only the console's: an unused token stops working.
  if (!isSessionAlive(member.lastSeenAt, app.ctx.config.IDLE_TIMEOUT_MINUTES)) throw unauthorized(SESSION_IDLE);
  await touchSession(db, claims.sid, member);
  // While the Admin requires two-step verification, a member without it may only set it up.
  if (member.mfaRequired && !member.mfaEnabled && !request.routeOptions.config.allowDuringMfaSetup) {
    throw mfaSetupRequired();
  }
  return { id: member.id, name: member.name, role: member.type, sid: claims.sid, tokenVersion: member.tokenVersion };
}

/**
 * Every route in a staff scope is authenticated, then checked against the permission named in
 * its config. A staff route without a permission is refused: forgetting one fails closed.
 */
export const staffScope = fp(async (app: FastifyInstance) => {
  app.decorateRequest('staff', null);
  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    if (permission === 'public') return;
    request.staff = await authenticateStaff(app, request);
    if (!permission || !can(request.staff.role, permission)) throw forbidden();
  });
  // Denials of signed-in members go on the audit trail. onResponse runs once the answer is
  // sent, so the member waits for nothing; other answers cost one comparison.
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 403 || !request.staff) return;
    await writeAudit(app.ctx.db, {
      actorId: request.staff.id,
      actorName: request.staff.name,
      action: 'access-denied',
      target: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
      ip: request.ip,
      outcome: 'denied',
    });
  });
});

/** The signed-in member of a staff route (the scope guarantees one). */
export function currentStaff(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw unauthorized();
  return request.staff;
}
