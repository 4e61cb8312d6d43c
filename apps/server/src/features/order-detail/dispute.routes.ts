import { defencePackInput, sendInvoiceInput } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentStaff } from '../../plugins/authentication';
import { getDefencePackDetails, getDefencePackPdf } from '../defence-packs';
import { sendInvoice } from '../invoices';

const work = { permission: 'orders.work' } as const;

/** Chargeback defence packs (PDF and modal preview) and invoices. */
export async function disputeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/admin/get-defence-pack-pdf',
    { config: work, schema: { body: defencePackInput, tags: ['defence packs'] } },
    async (request, reply) => {
      const { orderId, defencePackType } = request.body;
      const pdf = await getDefencePackPdf(app.ctx.db, {
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
    '/admin/defence-pack-details',
    { config: work, schema: { body: defencePackInput, tags: ['defence packs'] } },
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
    '/admin/send-invoice',
    { config: { ...work, idempotent: true }, schema: { body: sendInvoiceInput, tags: ['invoices'] } },
    async (request) => {
      const mailId = await sendInvoice(app.ctx.db, {
        orderId: Number(request.body.orderId),
        actor: currentStaff(request),
      });
      return { status: 1, message: 'Invoice has been sent to the customer.', data: { mailId } };
    },
  );
}
