import { contracts, type OrderDetail } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkWrittenAnswer, compileAnswer, sendWrittenAnswer } from '../../lib/answer-serializer';
import { notFound } from '../../lib/app-error';
import { contractSchema } from '../../lib/contract-schema';
import { currentStaff } from '../../plugins/authentication';
import { addRemark } from './add-remark';
import { disputeRoutes } from './dispute.routes';
import { getEmailContent } from './get-email-content';
import { getOrderDetail } from './get-order-detail';
import { ORDER_NOT_FOUND, trackOrderUrl } from './load-order';
import { orderDocumentRoutes } from './order-documents.routes';
import { saveTransactionDetails } from './save-transaction-details';

const work = { permission: 'orders.work' } as const;
const tags = ['order detail'];
const { orderDetail: detail } = contracts;

/** The order detail page (SPEC §2.13): read, comment, transaction details, e-mail preview. */
export async function orderDetailRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const writeDetail = detailAnswerWriter(!app.ctx.config.isProduction);

  app.get(
    detail.orderDetail.path,
    { config: work, schema: contractSchema(detail.orderDetail, tags) },
    async (request, reply) => {
      const actor = currentStaff(request);
      const { orderId } = request.params;
      const { config, db, orderDetails, auditBatch } = app.ctx;
      const order = await orderDetails.get(orderId, () =>
        getOrderDetail(db, {
          orderId,
          applicationMailDomain: config.APPLICATION_MAIL_DOMAIN,
          businessTimeZone: config.BUSINESS_TZ,
        }),
      );
      if (!order) throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND');
      // Opening an order shows passport and identity data: every view of an existing order is on
      // the audit trail, written in batches (lib/audit-batch.ts).
      auditBatch.add({
        actorId: actor.id,
        actorName: actor.name,
        action: 'order-viewed',
        target: String(orderId),
        ip: request.ip,
      });
      return sendWrittenAnswer(reply, writeDetail(order));
    },
  );

  app.post(
    detail.addRemark.path,
    { config: { ...work, idempotent: true }, schema: contractSchema(detail.addRemark, tags) },
    async (request) => {
      const actor = currentStaff(request);
      const id = await addRemark(app.ctx.db, request.body, actor);
      return { status: 1, message: 'Comment added successfully.', data: { id } };
    },
  );

  app.post(
    detail.saveTransactionDetails.path,
    { config: work, schema: contractSchema(detail.saveTransactionDetails, tags) },
    async (request) => {
      await saveTransactionDetails(app.ctx.db, request.body, currentStaff(request));
      return { status: 1, message: 'Transaction details saved successfully.' };
    },
  );

  app.get(
    detail.emailContent.path,
    { config: work, schema: contractSchema(detail.emailContent, tags) },
    async (request) => {
      const { orderId } = request.params;
      const data = await getEmailContent(app.ctx.db, orderId, {
        trackOrderUrl: trackOrderUrl(app.ctx.config.PUBLIC_APP_URL, orderId),
      });
      return { status: 1, message: 'E-mail content fetched successfully.', data };
    },
  );

  await orderDocumentRoutes(fastify);
  await disputeRoutes(fastify);
}

/**
 * The order detail answer's bytes, written once per detail object: the detail cache hands out the
 * same object until the order changes (detail-cache.ts), so an order opened again is not
 * serialised again (about a third of the call's CPU time on a cached detail). An answer lives as
 * long as its detail object. Outside production each is checked against the contract once written.
 */
function detailAnswerWriter(checkAnswers: boolean): (order: OrderDetail) => Buffer {
  const schema = detail.orderDetail.answer;
  const write = compileAnswer(schema);
  if (!write) throw new Error('The order detail answer has no JSON Schema to compile.');
  const answers = new WeakMap<OrderDetail, Buffer>();
  return (order) => {
    let answer = answers.get(order);
    if (answer === undefined) {
      const text = write({ status: 1, message: 'Order details fetched successfully.', data: order });
      if (checkAnswers) checkWrittenAnswer(schema, text, 'order detail');
      answer = Buffer.from(text);
      answers.set(order, answer);
    }
    return answer;
  };
}
