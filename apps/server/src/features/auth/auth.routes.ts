import { changePasswordInput, loginInput } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { writeAudit } from '../../lib/audit';
import { currentStaff } from '../../plugins/authentication';
import { changePassword, revokeTokens } from './change-password';
import { mfaRoutes } from './mfa.routes';
import { needsMfaSetup } from './mfa-enrolment';
import { passwordResetRoutes } from './password-reset.routes';
import { signIn } from './sign-in';

/** Sign-in is public; the rest need a signed-in member. Mounted under /api. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/admin/admin-login',
    { schema: { body: loginInput, tags: ['auth'] }, config: { permission: 'public' } },
    async (request) => {
      const { user, jwtToken } = await signIn(app.ctx.db, app.ctx.config, { ...request.body, ip: request.ip });
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

  api.get('/user_info', { schema: { tags: ['auth'] }, config: { permission: 'account.self' } }, async (request) => {
    const member = currentStaff(request);
    return { status: 1, message: 'OK', data: { user: { id: member.id, name: member.name, type: member.role } } };
  });

  api.post(
    '/admin/change-password',
    { schema: { body: changePasswordInput, tags: ['auth'] }, config: { permission: 'account.self' } },
    async (request) => {
      const member = currentStaff(request);
      await changePassword(app.ctx.db, member.id, request.body.newPassword);
      await writeAudit(app.ctx.db, {
        actorId: member.id,
        actorName: member.name,
        action: 'password-changed',
        ip: request.ip,
      });
      return { status: 1, message: 'Password updated successfully. Please sign in again.', data: null };
    },
  );

  api.post('/admin/logout', { schema: { tags: ['auth'] }, config: { permission: 'account.self' } }, async (request) => {
    const member = currentStaff(request);
    await revokeTokens(app.ctx.db, member.id);
    return { status: 1, message: 'You have been signed out.', data: null };
  });

  await passwordResetRoutes(app);
  await mfaRoutes(app);
}
