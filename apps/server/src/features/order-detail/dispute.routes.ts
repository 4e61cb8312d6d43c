import { contracts } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-schema';
import { currentStaff } from '../../plugins/authentication';
import { getDefencePackDetails, getDefencePackPdf } from '../defence-packs';
import { sendInvoice } from '../invoices';

const work = { permission: 'orders.work' } as const;
const { orderDetail: detail } = contracts;

/** Chargeback defence packs (PDF and modal preview) and invoices. */
export async function disputeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    detail.defencePackPdf.path,
    { config: work, schema: contractSchema(detail.defencePackPdf, ['defence packs']) },
    async (request, reply) => {
      const { orderId, defencePackType } = request.body;
      const pdf = await getDefencePackPdf(app.ctx.db, app.ctx.pdf, app.ctx.drawnPdfs, {
        orderId,
        pack: defencePackType === 1 ? 1 : 2,
        timeZone: app.ctx.config.BUSINESS_TZ,
        mailFrom: app.ctx.config.MAIL_FROM,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="defence-pack-${defencePackType}-${orderId}.pdf"`)
        .send(pdf);
    },
  );

  app.post(
    detail.defencePackDetails.path,
    { config: work, schema: contractSchema(detail.defencePackDetails, ['defence packs']) },
    async (request) => {
      const { orderId, defencePackType } = request.body;
      const data = await getDefencePackDetails(app.ctx.db, {
        orderId,
        pack: defencePackType === 1 ? 1 : 2,
        timeZone: app.ctx.config.BUSINESS_TZ,
        mailFrom: app.ctx.config.MAIL_FROM,
      });
      return { status: 1, message: 'Defence pack details fetched successfully.', data };
    },
  );

  app.post(
    detail.sendInvoice.path,
    { config: { ...work, idempotent: true }, schema: contractSchema(detail.sendInvoice, ['invoices']) },
    async (request) => {
      const mailId = await sendInvoice(app.ctx.db, {
        orderId: Number(request.body.orderId),
        actor: currentStaff(request),
      });
      return { status: 1, message: 'Invoice has been sent to the customer.', data: { mailId } };
    },
  );
}
