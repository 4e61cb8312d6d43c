import { createHash, timingSafeEqual } from 'node:crypto';
import { contracts, intakeApplicationInput } from '@nzeta/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema, pathBelow } from '../../lib/contract-schema';
import { intakeDispute } from '../disputes';
import { createOrderFromApplication } from './create-order';

const { intakeOrder } = contracts.publicContracts;
const { intakeDispute: intakeDisputeContract } = contracts.disputes;

/** POST /api/intake/orders: paid applications from the public site (DESIGN §8). */
export async function intakeRoutes(app: FastifyInstance): Promise<void> {
  /** Runs before the body is parsed: a caller without the key learns nothing about the schema. */
  const requireApiKey = async (request: FastifyRequest, reply: FastifyReply) => {
    const expected = app.ctx.config.INTAKE_API_KEY;
    if (!expected) return reply.code(404).send({ status: 0, message: 'Intake is disabled.', code: 'NOT_FOUND' });
    const given = request.headers['x-api-key'];
    if (typeof given !== 'string' || !sameSecret(given, expected)) {
      request.log.info({ url: request.url }, 'intake key refused');
      return reply.code(401).send({ status: 401, message: 'Invalid API key.', code: 'UNAUTHENTICATED' });
    }
  };

  app.withTypeProvider<ZodTypeProvider>().post(
    pathBelow(intakeOrder, '/intake'),
    {
      onRequest: requireApiKey,
      config: { idempotent: true },
      // The application's schema stays with the intake; the contract gives the answer.
      schema: { ...contractSchema(intakeOrder, ['intake']), body: intakeApplicationInput },
    },
    async (request) => {
      const { reference, ...application } = request.body;
      const { orderId, created } = await createOrderFromApplication(app.ctx.db, application, { reference });
      if (created) app.ctx.events.ordersChanged();
      return { status: 1, message: 'Order received.', data: { order_id: orderId } };
    },
  );

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      pathBelow(intakeDisputeContract, '/intake'),
      { onRequest: requireApiKey, schema: contractSchema(intakeDisputeContract, ['intake']) },
      async (request, reply) => {
        const { dispute, created } = await intakeDispute(app.ctx.db, request.body);
        if (created) app.ctx.events.ordersChanged();
        return reply.code(created ? 201 : 200).send({
          status: 1,
          message: created ? 'Dispute received.' : 'Dispute already received.',
          data: { order_id: dispute.orderId, state: dispute.state },
        });
      },
    );
}

/** Digests first: equal lengths for timingSafeEqual, and the key's length is not revealed. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
