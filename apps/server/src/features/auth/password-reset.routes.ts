import { forgotPasswordInput, resetPasswordInput } from '@nzeta/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RESET_LINK_SENT, requestPasswordReset } from './request-password-reset';
import { resetPassword } from './reset-password';

/**
 * Where links in e-mails point. A configured address wins: a Host header is chosen by whoever
 * sends the request, and a forged one would put the reset link on someone else's site.
 */
function appOrigin(request: FastifyRequest, configured: string | undefined): string {
  return configured ?? `${request.protocol}://${request.host}`;
}

/** Forgot / reset password (DESIGN §4); both public. */
export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'public' } as const;
  const tags = ['auth'];

  api.post('/admin/forgot-password', { config, schema: { tags, body: forgotPasswordInput } }, async (request) => {
    await requestPasswordReset(app.ctx.db, app.ctx.config, {
      email: request.body.email,
      ip: request.ip,
      appOrigin: appOrigin(request, app.ctx.config.PUBLIC_APP_URL),
    });
    return { status: 1, message: RESET_LINK_SENT, data: null };
  });

  api.post('/admin/reset-password', { config, schema: { tags, body: resetPasswordInput } }, async (request) => {
    await resetPassword(app.ctx.db, { ...request.body, ip: request.ip });
    return { status: 1, message: 'Your password has been reset. Please sign in with your new password.', data: null };
  });
}
