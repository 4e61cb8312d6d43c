import { reportRangeInput } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getCountryOrderCount } from './get-country-order-count';
import { getProcessedByCount } from './get-processed-by-count';

const tags = ['reports'];

/** Country Order Details and Processed By (SPEC §2.8, §2.9); both ranges are optional. */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The client may post no body at all: that is the whole history.
  const body = z.preprocess((v) => v ?? {}, reportRangeInput);

  api.post(
    '/admin/get-country-order-count',
    { config: { permission: 'orders.work' }, schema: { tags, body } },
    async (request) => {
      const data = await getCountryOrderCount(app.ctx.db, request.body, app.ctx.config.BUSINESS_TZ);
      return { status: 1, message: 'Report loaded.', data };
    },
  );

  api.post(
    '/admin/get-processed-by-count',
    { config: { permission: 'reports.processed' }, schema: { tags, body } },
    async (request) => {
      const data = await getProcessedByCount(app.ctx.db, request.body, app.ctx.config.BUSINESS_TZ);
      return { status: 1, message: 'Report loaded.', data };
    },
  );
}
