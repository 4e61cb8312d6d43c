import { can, isRole, type Permission, type Role } from '@nzeta/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { staff } from '../db/schema';
import { tokenFromHeader, verifyStaffToken } from '../features/auth/staff-token';
import { forbidden, unauthorized } from '../lib/app-error';
import { writeAudit } from '../lib/audit';
import { memoizeByObject } from '../lib/memo';

export interface StaffPrincipal {
  id: number;
  name: string;
  role: Role;
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
  }
}

function buildMemberQuery(db: Db) {
  return db
    .select({ id: staff.id, name: staff.name, type: staff.type, tokenVersion: staff.tokenVersion })
    .from(staff)
    .where(and(eq(staff.id, sql.placeholder('id')), isNull(staff.deletedAt)))
    .limit(1)
    .prepare('staff_member');
}

/** Every staff request runs it: built once, planned once per connection. */
const memberQuery = memoizeByObject(buildMemberQuery);

/**
 * Staff authentication: a valid token of a member who still exists with the same token
 * version. The role is read from the database, so a role change applies at once.
 */
export async function authenticateStaff(app: FastifyInstance, request: FastifyRequest): Promise<StaffPrincipal> {
  const queryToken = request.routeOptions.config.allowQueryToken
    ? (request.query as { token?: string }).token
    : undefined;
  const token = tokenFromHeader(request.headers.authorization) ?? queryToken;
  if (!token) throw unauthorized('Please sign in to continue.');
  const claims = await verifyStaffToken(token, app.ctx.config.jwtSecret);
  if (!claims) throw unauthorized();
  const [member] = await memberQuery(app.ctx.db).execute({ id: claims.user.id });
  if (!member || member.tokenVersion !== claims.ver || !isRole(member.type)) throw unauthorized();
  return { id: member.id, name: member.name, role: member.type };
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
