import { mfaCodeInput } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentStaff } from '../../plugins/authentication';
import { disableMfa, enableMfa, getMfaStatus, setupMfa } from './mfa-enrolment';

/** Two-step verification of the signed-in member (TOTP, with recovery codes). */
export async function mfaRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'account.self', allowDuringMfaSetup: true } as const;
  const tags = ['auth'];

  api.get('/admin/mfa/status', { config, schema: { tags } }, async (request) => ({
    status: 1,
    message: 'OK',
    data: await getMfaStatus(app.ctx.db, currentStaff(request).id),
  }));

  api.post('/admin/mfa/setup', { config, schema: { tags } }, async (request) => ({
    status: 1,
    message: 'Scan the code with your authenticator app, then enter the code it shows.',
    data: await setupMfa(app.ctx.db, app.ctx.config, currentStaff(request)),
  }));

  api.post('/admin/mfa/enable', { config, schema: { tags, body: mfaCodeInput } }, async (request) => {
    const recoveryCodes = await enableMfa(
      app.ctx.db,
      app.ctx.config,
      currentStaff(request),
      request.body.code,
      request.ip,
    );
    return { status: 1, message: 'Two-step verification is on.', data: { recoveryCodes } };
  });

  api.post('/admin/mfa/disable', { config, schema: { tags, body: mfaCodeInput } }, async (request) => {
    await disableMfa(app.ctx.db, app.ctx.config, currentStaff(request), request.body.code, request.ip);
    return { status: 1, message: 'Two-step verification is off.', data: null };
  });
}
