import { rm } from 'node:fs/promises';
import path from 'node:path';
import { type changeOrderStatusInput, contracts } from '@nzeta/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { notFound } from '../../lib/app-error';
import { contractSchema } from '../../lib/contract-schema';
import { currentStaff } from '../../plugins/authentication';
import { applyOrderAction, type ErasedFiles, orderActionError, summariseOrderAction } from '../lifecycle';
import { assignOrders, ClaimConflict, reassignOrders, releaseOrders } from './assign-orders';
import { changeOrderStatus } from './change-order-status';
import { completeRefunds } from './complete-refunds';
import { findActiveMember } from './find-active-member';

const work = { permission: 'orders.work' } as const;
const tags = ['orders'];
const { orders } = contracts;

/** Bulk and single-order actions: claim and release, status moves, refunds, restore, reassign. */
export async function orderActionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { storage } = app.ctx;

  api.put(
    orders.assignOrders.path,
    { config: work, schema: contractSchema(orders.assignOrders, tags) },
    async (request, reply) => {
      const member = currentStaff(request);
      const { orderId, assignto } = request.body;
      try {
        // The assignee is always the signed-in member; the name sent is not trusted.
        if (assignto !== null) {
          const { message, assigned, taken, results } = await assignOrders(app.ctx.db, orderId, member, app.ctx.events);
          return { status: 1, message, data: { assigned, taken, results } };
        }
        const { message, released, results } = await releaseOrders(app.ctx.db, orderId, member, app.ctx.events);
        return { status: 1, message, data: { released, results } };
      } catch (error) {
        if (error instanceof ClaimConflict) {
          return reply.code(409).send({ status: 0, message: error.message, code: error.code, data: error.outcome });
        }
        throw error;
      }
    },
  );

  const removeErasedFiles = async (files: ErasedFiles, request: FastifyRequest) => {
    // The database no longer points at the files: a failed removal only leaves an orphan behind.
    for (const name of files.documents) {
      await storage.remove(name).catch((err: unknown) => request.log.warn({ err }, 'erased document not removed'));
    }
    const mailDir = path.join(app.ctx.config.DATA_DIR, 'mail');
    for (const name of files.mailCopies) {
      if (path.basename(name) !== name) continue;
      await rm(path.join(mailDir, name), { force: true }).catch((err: unknown) =>
        request.log.warn({ err }, 'erased mail copy not removed'),
      );
    }
  };

  const changeStatus = async (request: FastifyRequest<{ Body: z.output<typeof changeOrderStatusInput> }>) => {
    const member = currentStaff(request);
    const { orderId, updatingStatus, permanentDeletedFlag } = request.body;
    const result = await changeOrderStatus(
      app.ctx.db,
      { orderIds: orderId, status: updatingStatus, erase: permanentDeletedFlag },
      member,
      app.ctx.events,
    );
    await removeErasedFiles(result.erasedFiles, request);
    return { status: 1, message: result.message, data: { changed: result.changed, results: result.results } };
  };

  api.put(
    orders.changeOrderStatus.path,
    { config: work, schema: contractSchema(orders.changeOrderStatus, tags) },
    changeStatus,
  );
  // The spec names this call without a payload; it takes change-order-status's (docs/decisions.md).
  api.put(
    orders.moveOrderStatus.path,
    { config: work, schema: contractSchema(orders.moveOrderStatus, tags) },
    changeStatus,
  );

  api.put(
    orders.completeRefunds.path,
    { config: { permission: 'orders.refund' }, schema: contractSchema(orders.completeRefunds, tags) },
    async (request) => {
      const member = currentStaff(request);
      const { message, refunded } = await completeRefunds(
        app.ctx.db,
        request.body.orderId,
        member,
        app.ctx.config.BUSINESS_TZ,
        app.ctx.events,
      );
      return { status: 1, message, data: { refunded } };
    },
  );

  api.put(
    orders.restoreOrders.path,
    { config: { permission: 'orders.restore' }, schema: contractSchema(orders.restoreOrders, tags) },
    async (request) => {
      const result = await applyOrderAction(app.ctx.db, {
        orderIds: request.body.orderId,
        action: 'restore',
        actor: currentStaff(request),
        events: app.ctx.events,
      });
      if (!result.done.length) throw orderActionError(result);
      const message = result.skipped.length
        ? `${summariseOrderAction(result)}.`
        : 'Order has been restored successfully';
      return { status: 1, message, data: { restored: result.done, results: result.results } };
    },
  );

  api.put(
    orders.reassignOrders.path,
    { config: { permission: 'orders.reassign' }, schema: contractSchema(orders.reassignOrders, tags) },
    async (request) => {
      const { orderId, staffId } = request.body;
      const to = staffId === null ? null : ((await findActiveMember(app.ctx.db, staffId)) ?? null);
      if (staffId !== null && !to) throw notFound('Team member not found.', 'MEMBER_NOT_FOUND');
      const result = await reassignOrders(app.ctx.db, orderId, to, currentStaff(request), app.ctx.events);
      return { status: 1, message: result.message, data: { reassigned: result.reassigned, results: result.results } };
    },
  );
}
