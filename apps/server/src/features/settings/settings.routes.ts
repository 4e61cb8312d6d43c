import { contracts } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-schema';
import { currentStaff } from '../../plugins/authentication';
import { findAuditEntries } from './find-audit-entries';
import { getSettings } from './get-settings';
import { saveSettings } from './save-settings';

/** The Admin's Settings and Audit screens (beyond the spec; DESIGN §3, §5). */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];
  const { account } = contracts;

  api.get(
    account.getSettings.path,
    { config: { permission: 'settings.manage' }, schema: contractSchema(account.getSettings, tags) },
    async () => ({
      status: 1,
      message: 'OK',
      data: await getSettings(app.ctx.db),
    }),
  );

  api.put(
    account.saveSettings.path,
    { config: { permission: 'settings.manage' }, schema: contractSchema(account.saveSettings, tags) },
    async (request) => {
      await saveSettings(app.ctx.db, currentStaff(request), request.body, request.ip);
      // REQUIRE_MFA is part of every member's check.
      app.ctx.members.forgetAll();
      return { status: 1, message: 'Settings saved successfully.', data: await getSettings(app.ctx.db) };
    },
  );

  api.get(
    account.auditEntries.path,
    { config: { permission: 'audit.read' }, schema: contractSchema(account.auditEntries, tags) },
    async (request) => {
      // Views this instance has not written yet are shown too.
      await app.ctx.auditBatch.flush();
      const { rows, total } = await findAuditEntries(app.ctx.db, request.query, app.ctx.config.BUSINESS_TZ);
      return { status: 1, message: 'OK', data: rows, total };
    },
  );
}
