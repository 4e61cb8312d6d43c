import { contracts } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-schema';
import { currentStaff } from '../../plugins/authentication';
import { clearTrackLock, getTrackLock } from './track-lock';

/** The customer's tracking lock, seen and cleared by staff on the order page. */
export async function trackLockRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'orders.work' } as const;
  const { trackLock, clearTrackLock: clearLock } = contracts.orderDetail;

  app.get(trackLock.path, { config, schema: contractSchema(trackLock, ['order detail']) }, async (request) => ({
    status: 1,
    message: 'OK',
    data: await getTrackLock(app.ctx.db, request.params.orderId, app.ctx.config.TRACK_ORDER_LOCK_AFTER),
  }));

  app.delete(clearLock.path, { config, schema: contractSchema(clearLock, ['order detail']) }, async (request) => {
    await clearTrackLock(app.ctx.db, currentStaff(request), request.params.orderId, request.ip);
    return { status: 1, message: 'The customer can look the order up again.', data: null };
  });
}
