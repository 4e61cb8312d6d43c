import { contracts, FILE_REQUIRED_MESSAGE, uploadDocumentFields } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { contractSchema } from '../../lib/contract-schema';
import { currentStaff } from '../../plugins/authentication';
import { prepareUpload, TOO_LARGE_MESSAGE } from '../documents';
import { getDocument } from './get-document';
import { trackOrderUrl } from './load-order';
import { readUpload } from './read-upload';
import { resendMail, resendViaFallback } from './resend-mail';
import { uploadDocument } from './upload-document';

const work = { permission: 'orders.work' } as const;
/** creates something: an Idempotency-Key makes a replay answer the first result */
const once = { ...work, idempotent: true } as const;
const tags = ['order detail'];
const { orderDetail: detail } = contracts;

/** Approved documents: upload with the approval e-mail, resend, and the staff-only download. */
export async function orderDocumentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { storage } = app.ctx;

  app.post(
    detail.uploadDocument.path,
    { config: once, schema: contractSchema(detail.uploadDocument, tags) },
    async (request) => {
      const actor = currentStaff(request);
      const { fields, file } = await readUpload(request, 'uploadVisaDoc');
      const parsed = uploadDocumentFields.safeParse(fields);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid request.');
      if (!file) throw badRequest(FILE_REQUIRED_MESSAGE);
      const prepared = await prepareUpload(file.content);
      if (!prepared.ok) throw new AppError(prepared.message, prepared.message === TOO_LARGE_MESSAGE ? 413 : 400);
      const result = await uploadDocument(
        app.ctx.db,
        storage,
        {
          orderId: parsed.data.orderId,
          email: parsed.data.email,
          provider: parsed.data.mailServiceProvider,
          content: prepared.content,
          ext: prepared.ext,
          mime: prepared.mime,
          originalName: file.filename,
          trackOrderUrl: trackOrderUrl(app.ctx.config.PUBLIC_APP_URL, parsed.data.orderId),
        },
        actor,
      );
      // Its order is a multipart field, out of forgetWrittenOrders' sight.
      app.ctx.orderDetails.forget(parsed.data.orderId);
      app.ctx.events.ordersChanged();
      return { status: 1, message: 'Document uploaded and the approval e-mail is on its way.', data: result };
    },
  );

  app.post(
    detail.resendMail.path,
    { config: once, schema: contractSchema(detail.resendMail, tags) },
    async (request) => {
      const mailId = await resendMail(app.ctx.db, request.body, currentStaff(request), {
        trackOrderUrl: trackOrderUrl(app.ctx.config.PUBLIC_APP_URL, request.body.orderId),
      });
      return { status: 1, message: 'The e-mail has been queued for delivery.', data: { mailId } };
    },
  );

  app.post(
    detail.resendMailFallback.path,
    { config: once, schema: contractSchema(detail.resendMailFallback, tags) },
    async (request) => {
      const { orderId } = request.body;
      const mailId = await app.ctx.db.transaction((tx) =>
        resendViaFallback(tx, request.body, currentStaff(request), {
          trackOrderUrl: trackOrderUrl(app.ctx.config.PUBLIC_APP_URL, orderId),
        }),
      );
      return { status: 1, message: 'The e-mail has been queued through the other provider.', data: { mailId } };
    },
  );

  app.get(
    detail.staffDocument.path,
    { config: work, schema: contractSchema(detail.staffDocument, tags) },
    async (request, reply) => {
      const actor = currentStaff(request);
      const { orderId } = request.params;
      const document = await getDocument(app.ctx.db, storage, orderId, request.params.file1);
      await writeAudit(app.ctx.db, {
        actorId: actor.id,
        actorName: actor.name,
        action: 'document-downloaded',
        target: String(orderId),
        ip: request.ip,
        detail: { file1: request.params.file1 },
      });
      return reply
        .header('content-type', document.contentType)
        .header('content-disposition', `attachment; filename="${document.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(document.stream);
    },
  );
}
