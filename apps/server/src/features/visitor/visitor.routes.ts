import { contracts } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appError, notFound } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { contractSchema, pathBelow } from '../../lib/contract-schema';
import { verifyDownloadLink } from './download-link';
import { getDownloadHistory } from './get-download-history';
import { openDocument } from './open-document';
import { DOCUMENT_UNAVAILABLE, recordDownload } from './record-download';
import { ORDER_FOUND, trackOrder } from './track-order';
import { requireVisitorOrder } from './visitor-access';

export const INVALID_LINK = 'This download link is invalid or has expired.';

// Per-instance limits on top of track-order's database counters: enough for any real visitor.
const visitorRateLimit = { max: 60, timeWindow: '1 minute' };

const { publicContracts: visitor } = contracts;
const tags = ['visitor'];
const asText = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The public visitor calls (SPEC §7, DESIGN §6-7), mounted under /api/front. No staff
 * authentication here: track-order hands out an order-scoped visitor token the other calls check.
 */
export async function visitorRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config, db, storage } = app.ctx;

  api.post(
    pathBelow(visitor.trackOrder, '/front'),
    { schema: contractSchema(visitor.trackOrder, tags), config: { permission: 'public' } },
    async (request) => {
      const data = await trackOrder(db, config, { ...request.body, ip: request.ip });
      return { status: 1, message: ORDER_FOUND, data };
    },
  );

  api.post(
    pathBelow(visitor.downloadHistory, '/front'),
    {
      schema: contractSchema(visitor.downloadHistory, tags),
      config: { permission: 'public', rateLimit: visitorRateLimit },
    },
    async (request) => {
      const orderId = await requireVisitorOrder(request, request.body.orderId, config.jwtSecret);
      const { rows, mainResult, path } = await getDownloadHistory(db, orderId);
      return { status: 1, message: 'OK', data: rows, mainResult, path };
    },
  );

  api.post(
    pathBelow(visitor.downloadDocument, '/front'),
    {
      schema: contractSchema(visitor.downloadDocument, tags),
      config: { permission: 'public', rateLimit: visitorRateLimit },
    },
    async (request) => {
      const orderId = await requireVisitorOrder(request, request.body.orderId, config.jwtSecret);
      const data = await recordDownload(db, config.jwtSecret, {
        orderId,
        file1: request.body.file1,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        timezone: request.body.timezone,
      });
      return { status: 1, message: 'Your download will start shortly.', data };
    },
  );

  api.get(
    pathBelow(visitor.documentLink, '/front'),
    {
      schema: contractSchema(visitor.documentLink, tags),
      config: { permission: 'public', rateLimit: visitorRateLimit },
    },
    async (request, reply) => {
      const { file1 } = request.params;
      const query = request.query;
      const orderId = verifyDownloadLink(
        file1,
        { oid: asText(query.oid), exp: asText(query.exp), sig: asText(query.sig) },
        config.jwtSecret,
      );
      if (orderId === undefined) throw appError('LINK_INVALID', INVALID_LINK);
      const document = await openDocument(db, storage, orderId, file1);
      // Every fetch through a link is on the audit trail, refused ones too.
      await writeAudit(db, {
        action: 'document-link-fetched',
        target: String(orderId),
        ip: request.ip,
        outcome: document ? 'ok' : 'failed',
        detail: { file1 },
      });
      if (!document) throw notFound(DOCUMENT_UNAVAILABLE, 'DOCUMENT_NOT_FOUND');
      return reply
        .header('content-type', document.contentType)
        .header('content-length', String(document.size))
        .header('content-disposition', `attachment; filename="${document.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(document.stream);
    },
  );
}
