import { contracts } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-schema';
import { addressGate } from './address-gate';
import { RESET_LINK_SENT, requestPasswordReset, settleResetLinks } from './request-password-reset';
import { resetPassword } from './reset-password';

/** Forgot / reset password (DESIGN §4); both public. */
export async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'public' } as const;
  const tags = ['auth'];
  const preHandler = addressGate();
  // Links still being written when the server stops are finished first.
  app.addHook('onClose', settleResetLinks);

  api.post(
    contracts.account.forgotPassword.path,
    { config, preHandler, schema: contractSchema(contracts.account.forgotPassword, tags) },
    async (request) => {
      await requestPasswordReset(
        app.ctx.db,
        app.ctx.config,
        {
          email: request.body.email,
          ip: request.ip,
          // From configuration only: a Host header is chosen by whoever sends the request.
          appOrigin: app.ctx.config.appUrl,
        },
        request.log,
      );
      return { status: 1, message: RESET_LINK_SENT, data: null };
    },
  );

  api.post(
    contracts.account.resetPassword.path,
    { config, preHandler, schema: contractSchema(contracts.account.resetPassword, tags) },
    async (request) => {
      await resetPassword(app.ctx.db, app.ctx.config, { ...request.body, ip: request.ip });
      // The link names no member here; a reset is rare.
      app.ctx.members.forgetAll();
      return { status: 1, message: 'Your password has been reset. Please sign in with your new password.', data: null };
    },
  );
}
