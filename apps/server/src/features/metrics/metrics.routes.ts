import { timingSafeEqual } from 'node:crypto';
import { contracts } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import { contractSchema } from '../../lib/contract-schema';

/**
 * Prometheus text for a scraper holding METRICS_TOKEN. Without the token configured, or with a
 * missing or wrong one, the answer is the API's ordinary 404: the endpoint does not advertise
 * itself to a caller who cannot use it.
 */
export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const contract = contracts.publicContracts.metrics;
  // Left out of the API description: the scraper's endpoint is not part of the staff API.
  app.get(
    contract.path,
    { schema: { ...contractSchema(contract, ['metrics']), hide: true } },
    async (request, reply) => {
      const { metrics, config } = app.ctx;
      if (!metrics || !config.METRICS_TOKEN || !isToken(request.headers.authorization, config.METRICS_TOKEN)) {
        return reply.code(404).send({ status: 0, message: 'Not found.', code: 'NOT_FOUND' });
      }
      return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
    },
  );
}

function isToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
