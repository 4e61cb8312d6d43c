import { contracts } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { writeAudit } from '../../lib/audit';
import { contractSchema } from '../../lib/contract-schema';
import { endStaffSession } from '../../lib/staff-session';
import { currentStaff } from '../../plugins/authentication';
import { addressGate } from './address-gate';
import { changePassword, revokeTokens } from './change-password';
import { cookieValue, DEVICE_COOKIE, deviceCookieHeader, readDeviceCookie } from './device-cookie';
import { mfaRoutes } from './mfa.routes';
import { assertFreshCode, needsMfaSetup } from './mfa-enrolment';
import { passwordResetRoutes } from './password-reset.routes';
import { signIn } from './sign-in';

/** Sign-in is public; the rest need a signed-in member. Mounted under /api. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The account's own browser (a valid device cookie naming the e-mail typed) is never held at the gate.
  const signInGate = addressGate((request) => {
    const device = readDeviceCookie(cookieValue(request.headers.cookie, DEVICE_COOKIE), app.ctx.config.jwtSecret);
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return !!device && typeof email === 'string' && device.account === email.toLowerCase();
  });

  api.post(
    contracts.account.signIn.path,
    {
      schema: contractSchema(contracts.account.signIn, ['auth']),
      config: { permission: 'public' },
      preHandler: signInGate,
    },
    async (request, reply) => {
      const { config } = app.ctx;
      const { user, jwtToken, deviceCookie } = await signIn(app.ctx.db, config, {
        ...request.body,
        ip: request.ip,
        deviceCookie: cookieValue(request.headers.cookie, DEVICE_COOKIE),
      });
      reply.header('set-cookie', deviceCookieHeader(deviceCookie, config.appUrl.startsWith('https:')));
      // The console sends such a member to the Security screen (Admin policy 'requireMfa').
      const mfaSetupRequired = await needsMfaSetup(app.ctx.db, user.id);
      return {
        status: 1,
        message: 'Login successful.',
        data: { user, ...(mfaSetupRequired && { mfaSetupRequired }) },
        jwtToken,
      };
    },
  );

  // Enrolment and sign-out stay open while two-step verification must still be set up; who the
  // member is (user_info) too, so the console can show the enrolment screen.
  const enrolling = { permission: 'account.self', allowDuringMfaSetup: true } as const;
  api.get(
    contracts.account.userInfo.path,
    { schema: contractSchema(contracts.account.userInfo, ['auth']), config: enrolling },
    async (request) => {
      const member = currentStaff(request);
      return { status: 1, message: 'OK', data: { user: { id: member.id, name: member.name, type: member.role } } };
    },
  );

  api.post(
    contracts.account.changePassword.path,
    { schema: contractSchema(contracts.account.changePassword, ['auth']), config: { permission: 'account.self' } },
    async (request) => {
      const member = currentStaff(request);
      // With two-step verification on, a stolen session alone cannot set a new password.
      await assertFreshCode(app.ctx.db, app.ctx.config, member.id, request.body.code, request.ip);
      await changePassword(app.ctx.db, member.id, request.body.newPassword);
      app.ctx.members.forgetMember(member.id);
      await writeAudit(app.ctx.db, {
        actorId: member.id,
        actorName: member.name,
        action: 'password-changed',
        ip: request.ip,
      });
      return { status: 1, message: 'Password updated successfully. Please sign in again.', data: null };
    },
  );

  api.post(
    contracts.account.logout.path,
    { schema: contractSchema(contracts.account.logout, ['auth']), config: enrolling },
    async (request) => {
      const member = currentStaff(request);
      await revokeTokens(app.ctx.db, member.id);
      await endStaffSession(app.ctx.db, member.sid);
      app.ctx.members.forgetMember(member.id);
      return { status: 1, message: 'You have been signed out.', data: null };
    },
  );

  await passwordResetRoutes(app);
  await mfaRoutes(app);
}
