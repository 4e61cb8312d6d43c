import { contracts } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-schema';
import { getCountryOrderCount } from './get-country-order-count';
import { getProcessedByCount } from './get-processed-by-count';

const tags = ['reports'];

/** Country Order Details and Processed By (SPEC §2.8, §2.9); both ranges are optional. */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { consoleContracts: reports } = contracts;

  api.post(
    reports.countryOrderCount.path,
    { config: { permission: 'orders.work' }, schema: contractSchema(reports.countryOrderCount, tags) },
    async (request) => {
      const data = await getCountryOrderCount(app.ctx.db, request.body, app.ctx.config.BUSINESS_TZ);
      return { status: 1, message: 'Report loaded.', data };
    },
  );

  api.post(
    reports.processedByCount.path,
    { config: { permission: 'reports.processed' }, schema: contractSchema(reports.processedByCount, tags) },
    async (request) => {
      const data = await getProcessedByCount(app.ctx.db, request.body, app.ctx.config.BUSINESS_TZ);
      return { status: 1, message: 'Report loaded.', data };
    },
  );
}
