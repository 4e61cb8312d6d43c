import { contracts } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-schema';
import { currentStaff } from '../../plugins/authentication';
import { disableMfa, enableMfa, getMfaStatus, setupMfa } from './mfa-enrolment';

/** Two-step verification of the signed-in member (TOTP, with recovery codes). */
export async function mfaRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'account.self', allowDuringMfaSetup: true } as const;
  const tags = ['auth'];
  const { account } = contracts;

  api.get(account.mfaStatus.path, { config, schema: contractSchema(account.mfaStatus, tags) }, async (request) => ({
    status: 1,
    message: 'OK',
    data: await getMfaStatus(app.ctx.db, currentStaff(request).id),
  }));

  api.post(account.mfaSetup.path, { config, schema: contractSchema(account.mfaSetup, tags) }, async (request) => ({
    status: 1,
    message: 'Scan the code with your authenticator app, then enter the code it shows.',
    data: await setupMfa(app.ctx.db, app.ctx.config, currentStaff(request)),
  }));

  api.post(account.mfaEnable.path, { config, schema: contractSchema(account.mfaEnable, tags) }, async (request) => {
    const recoveryCodes = await enableMfa(
      app.ctx.db,
      app.ctx.config,
      currentStaff(request),
      request.body.code,
      request.ip,
    );
    app.ctx.members.forgetMember(currentStaff(request).id);
    return { status: 1, message: 'Two-step verification is on.', data: { recoveryCodes } };
  });

  api.post(account.mfaDisable.path, { config, schema: contractSchema(account.mfaDisable, tags) }, async (request) => {
    await disableMfa(app.ctx.db, app.ctx.config, currentStaff(request), request.body.code, request.ip);
    app.ctx.members.forgetMember(currentStaff(request).id);
    return { status: 1, message: 'Two-step verification is off.', data: null };
  });
}
