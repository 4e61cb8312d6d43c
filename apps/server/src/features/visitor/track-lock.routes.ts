import { orderIdParam } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentStaff } from '../../plugins/authentication';
import { clearTrackLock, getTrackLock } from './track-lock';

/** The customer's tracking lock, seen and cleared by staff on the order page. */
export async function trackLockRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'orders.work' } as const;
  const schema = { params: orderIdParam, tags: ['order detail'] };

  app.get('/admin/track-lock/:orderId', { config, schema }, async (request) => ({
    status: 1,
    message: 'OK',
    data: await getTrackLock(app.ctx.db, Number(request.params.orderId), app.ctx.config.TRACK_ORDER_LOCK_AFTER),
  }));

  app.delete('/admin/track-lock/:orderId', { config, schema }, async (request) => {
    await clearTrackLock(app.ctx.db, currentStaff(request), Number(request.params.orderId), request.ip);
    return { status: 1, message: 'The customer can look the order up again.', data: null };
  });
}
