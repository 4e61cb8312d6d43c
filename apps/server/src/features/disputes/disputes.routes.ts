import { type bundleProfilesInput, businessToday, contracts } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { contractSchema } from '../../lib/contract-schema';
import { currentStaff } from '../../plugins/authentication';
import { getBundleProfiles, saveBundleProfiles } from './bundle-profiles';
import { getChargebackEvidence } from './get-chargeback-evidence';
import { getDispute } from './get-dispute';
import { getDisputeReport } from './get-dispute-report';
import { countDueDisputes } from './get-due-disputes';
import { getEvidenceBundle } from './get-evidence-bundle';
import { saveDispute } from './save-dispute';

const tags = ['disputes'];
const { disputes } = contracts;

/** The chargeback desk: the dispute record, its evidence bundle, the due count and the report. */
export async function disputesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app.ctx;
  const evidenceRequest = (orderId: number) => ({ orderId, timeZone: config.BUSINESS_TZ, mailFrom: config.MAIL_FROM });

  app.get(
    disputes.dispute.path,
    { config: { permission: 'orders.work' }, schema: contractSchema(disputes.dispute, tags) },
    async (request) => ({
      status: 1,
      message: 'Dispute loaded.',
      data: await getDispute(app.ctx.db, request.params.orderId),
    }),
  );

  app.put(
    disputes.saveDispute.path,
    { config: { permission: 'disputes.edit' }, schema: contractSchema(disputes.saveDispute, tags) },
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
    disputes.disputeEvidence.path,
    { config: { permission: 'orders.work' }, schema: contractSchema(disputes.disputeEvidence, tags) },
    async (request) => ({
      status: 1,
      message: 'Evidence loaded.',
      data: await getChargebackEvidence(
        app.ctx.db,
        app.ctx.pdf,
        app.ctx.drawnPdfs,
        evidenceRequest(request.params.orderId),
      ),
    }),
  );

  app.get(
    disputes.disputeEvidencePdf.path,
    { config: { permission: 'orders.work' }, schema: contractSchema(disputes.disputeEvidencePdf, tags) },
    async (request, reply) => {
      const { orderId } = request.params;
      const { pdf, summary } = await getEvidenceBundle(
        app.ctx.db,
        app.ctx.pdf,
        app.ctx.drawnPdfs,
        evidenceRequest(orderId),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="chargeback-evidence-${orderId}.pdf"`)
        .header('x-bundle-pages', String(summary.pages))
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    disputes.dueDisputeCount.path,
    { config: { permission: 'orders.work' }, schema: contractSchema(disputes.dueDisputeCount, tags) },
    async () => ({
      status: 1,
      message: 'Count loaded.',
      data: { count: await countDueDisputes(app.ctx.db, businessToday(config.BUSINESS_TZ)) },
    }),
  );

  app.get(
    disputes.disputeReport.path,
    { config: { permission: 'reports.disputes' }, schema: contractSchema(disputes.disputeReport, tags) },
    async (request) => ({
      status: 1,
      message: 'Report loaded.',
      data: await getDisputeReport(app.ctx.db, request.query),
    }),
  );

  app.get(
    disputes.disputeProfiles.path,
    { config: { permission: 'settings.manage' }, schema: contractSchema(disputes.disputeProfiles, tags) },
    async () => ({ status: 1, message: 'Profiles loaded.', data: await getBundleProfiles(app.ctx.db) }),
  );

  app.put(
    disputes.saveDisputeProfiles.path,
    { config: { permission: 'settings.manage' }, schema: contractSchema(disputes.saveDisputeProfiles, tags) },
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
