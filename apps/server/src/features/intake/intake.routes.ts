import { createHash, timingSafeEqual } from 'node:crypto';
import { disputeIntakeInput, intakeApplicationInput } from '@nzeta/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { intakeDispute } from '../disputes';
import { createOrderFromApplication } from './create-order';

const orderReceived = z.object({
  status: z.number(),
  message: z.string(),
  data: z.object({ order_id: z.number() }),
});

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
    '/orders',
    {
      onRequest: requireApiKey,
      config: { idempotent: true },
      schema: { tags: ['intake'], body: intakeApplicationInput, response: { 200: orderReceived } },
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
      '/disputes',
      { onRequest: requireApiKey, schema: { tags: ['intake'], body: disputeIntakeInput } },
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
