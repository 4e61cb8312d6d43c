import {
  bundleProfilesInput,
  businessToday,
  disputeInput,
  disputeParams,
  disputeRecord,
  disputeReportQuery,
  envelope,
} from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { currentStaff } from '../../plugins/authentication';
import { getBundleProfiles, saveBundleProfiles } from './bundle-profiles';
import { getChargebackEvidence } from './get-chargeback-evidence';
import { getDispute } from './get-dispute';
import { getDisputeReport } from './get-dispute-report';
import { countDueDisputes } from './get-due-disputes';
import { getEvidenceBundle } from './get-evidence-bundle';
import { saveDispute } from './save-dispute';

const tags = ['disputes'];

/** The chargeback desk: the dispute record, its evidence bundle, the due count and the report. */
export async function disputesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app.ctx;
  const evidenceRequest = (orderId: number) => ({ orderId, timeZone: config.BUSINESS_TZ, mailFrom: config.MAIL_FROM });

  app.get(
    '/admin/orders/:orderId/dispute',
    {
      config: { permission: 'orders.work' },
      schema: { tags, params: disputeParams, response: { 200: envelope(disputeRecord) } },
    },
    async (request) => ({
      status: 1,
      message: 'Dispute loaded.',
      data: await getDispute(app.ctx.db, request.params.orderId),
    }),
  );

  app.put(
    '/admin/orders/:orderId/dispute',
    { config: { permission: 'disputes.edit' }, schema: { tags, params: disputeParams, body: disputeInput } },
    async (request) => {
      const { moved, ...data } = await saveDispute(app.ctx.db, {
        orderId: request.params.orderId,
        values: request.body,
        actor: currentStaff(request),
        timeZone: config.BUSINESS_TZ,
      });
      app.ctx.events.ordersChanged();
      return {
        status: 1,
        message: moved ? 'Dispute saved. The order has moved to Refunds.' : 'Dispute saved.',
        data,
      };
    },
  );

  app.get(
    '/admin/orders/:orderId/dispute/evidence',
    { config: { permission: 'orders.work' }, schema: { tags, params: disputeParams } },
    async (request) => ({
      status: 1,
      message: 'Evidence loaded.',
      data: await getChargebackEvidence(app.ctx.db, evidenceRequest(request.params.orderId)),
    }),
  );

  app.get(
    '/admin/orders/:orderId/dispute/evidence.pdf',
    { config: { permission: 'orders.work' }, schema: { tags, params: disputeParams } },
    async (request, reply) => {
      const { orderId } = request.params;
      const { pdf, summary } = await getEvidenceBundle(app.ctx.db, evidenceRequest(orderId));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="chargeback-evidence-${orderId}.pdf"`)
        .header('x-bundle-pages', String(summary.pages))
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get('/admin/disputes/due-count', { config: { permission: 'orders.work' }, schema: { tags } }, async () => ({
    status: 1,
    message: 'Count loaded.',
    data: { count: await countDueDisputes(app.ctx.db, businessToday(config.BUSINESS_TZ)) },
  }));

  app.get(
    '/admin/dispute-report',
    { config: { permission: 'reports.disputes' }, schema: { tags, querystring: disputeReportQuery } },
    async (request) => ({
      status: 1,
      message: 'Report loaded.',
      data: await getDisputeReport(app.ctx.db, request.query),
    }),
  );

  app.get('/admin/dispute-profiles', { config: { permission: 'settings.manage' }, schema: { tags } }, async () => ({
    status: 1,
    message: 'Profiles loaded.',
    data: await getBundleProfiles(app.ctx.db),
  }));

  app.put(
    '/admin/dispute-profiles',
    { config: { permission: 'settings.manage' }, schema: { tags, body: bundleProfilesInput } },
    async (request) => {
      await saveBundleProfiles(app.ctx.db, request.body);
      return {
        status: 1,
        message: 'Profiles saved.',
        data: request.body satisfies z.infer<typeof bundleProfilesInput>,
      };
    },
  );
}
