import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  assignOrdersInput,
  businessToday,
  can,
  changeOrderStatusInput,
  completeRefundInput,
  exportOrdersQuery,
  type FolderKey,
  folderPageQuery,
  MAX_ROWS_PER_ANSWER,
  reassignOrdersInput,
  restoreOrdersInput,
  searchOrdersInput,
  toFolderKey,
} from '@nzeta/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden, notFound } from '../../lib/app-error';
import { currentStaff, type StaffPrincipal } from '../../plugins/authentication';
import { applyOrderAction, type ErasedFiles, orderActionError, summariseOrderAction } from '../lifecycle';
import { getSlaHours } from '../settings';
import { assignOrders, ClaimConflict, reassignOrders, releaseOrders } from './assign-orders';
import { changeOrderStatus } from './change-order-status';
import { completeRefunds } from './complete-refunds';
import { exportOrdersCsv } from './export-orders-csv';
import { findActiveMember } from './find-active-member';
import { findFolderOrders } from './find-folder-orders';
import type { FolderContext } from './folder-sql';
import { countFolders, sizeOfFolder } from './get-folder-counts';
import { getFutureMonthCounts } from './get-future-month-counts';
import { seenChange } from './rollup-cache';

const work = { permission: 'orders.work' } as const;
const tags = ['orders'];

const folderCountsQuery = z.object({ userName: z.string().max(200).optional(), seen: seenChange });

/** Folder lists, counts, search, bulk actions and export (SPEC §7 Orders, DESIGN §2 and §7). */
export async function ordersRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { storage, rollup } = app.ctx;

  /** My Orders is always the signed-in member's: no parameter widens it (userName is ignored). */
  const contextOf = (member: StaffPrincipal): FolderContext => ({
    staffId: member.id,
    today: businessToday(app.ctx.config.BUSINESS_TZ),
  });

  /** A folder key or one of its older spellings; Order History needs its own permission. */
  const folderFor = (name: string, member: StaffPrincipal): FolderKey => {
    const folder = toFolderKey(name);
    if (!folder) throw badRequest('Unknown folder.');
    if (folder === 'allOrder' && !can(member.role, 'orders.history')) {
      throw forbidden('You do not have permission to see the Order History.');
    }
    return folder;
  };

  const _changed = () => app.ctx.events.ordersChanged();

  api.get(
    '/admin/get-folder-count',
    { config: work, schema: { tags, querystring: folderCountsQuery } },
    async (request) => {
      const ctx = contextOf(currentStaff(request));
      const data = countFolders(await rollup.groups(app.ctx.db, ctx.today, request.query.seen), ctx);
      return { status: 1, message: 'Counts loaded.', data };
    },
  );

  api.get(
    '/admin/get-orders-list/:orderName',
    {
      config: work,
      schema: { tags, params: z.object({ orderName: z.string().max(60) }), querystring: folderPageQuery },
    },
    async (request) => {
      const member = currentStaff(request);
      const folder = folderFor(request.params.orderName, member);
      const { page, perPage, limit, month, search, cursor, sort, dir, status } = request.query;
      const ctx = contextOf(member);
      const result = await findFolderOrders(app.ctx.db, {
        sort: { sort, dir },
        status,
        sla: await getSlaHours(app.ctx.db),
        folder,
        ctx,
        folderSize: async () => sizeOfFolder(await rollup.groups(app.ctx.db, ctx.today), folder, ctx),
        page,
        // 'All' names the folder's total: one answer carries a bounded chunk, the cursor the rest.
        perPage: Math.min(perPage ?? limit ?? 10, MAX_ROWS_PER_ANSWER),
        cursor,
        month: folder === 'futureOrder' ? month : undefined,
        search,
      });
      return listAnswer(result);
    },
  );

  api.post('/admin/search-order', { config: work, schema: { tags, body: searchOrdersInput } }, async (request) => {
    const member = currentStaff(request);
    const { start, end, searchVal, folderName, sort, dir, status } = request.body;
    const result = await findFolderOrders(app.ctx.db, {
      sort: { sort, dir },
      status,
      sla: await getSlaHours(app.ctx.db),
      folder: folderFor(folderName, member),
      ctx: contextOf(member),
      page: start,
      perPage: Math.min(end, MAX_ROWS_PER_ANSWER),
      search: searchVal,
    });
    return listAnswer(result);
  });

  api.put(
    '/admin/assign-order-status',
    { config: work, schema: { tags, body: assignOrdersInput } },
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

  const changeStatus = async (request: FastifyRequest<{ Body: z.infer<typeof changeOrderStatusInput> }>) => {
    const member = currentStaff(request);
    const { orderId, updatingStatus, permanentDeletedFlag } = request.body;
    const erase = permanentDeletedFlag === true || permanentDeletedFlag === 1 || permanentDeletedFlag === '1';
    const result = await changeOrderStatus(
      app.ctx.db,
      { orderIds: orderId, status: updatingStatus, erase },
      member,
      app.ctx.events,
    );
    await removeErasedFiles(result.erasedFiles, request);
    return { status: 1, message: result.message, data: { changed: result.changed, results: result.results } };
  };

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

  api.put('/admin/change-order-status', { config: work, schema: { tags, body: changeOrderStatusInput } }, changeStatus);
  // The spec names this call without a payload; it takes change-order-status's (docs/decisions.md).
  api.put('/admin/move-order-status', { config: work, schema: { tags, body: changeOrderStatusInput } }, changeStatus);

  api.put(
    '/admin/move-to-complete-refund',
    { config: { permission: 'orders.refund' }, schema: { tags, body: completeRefundInput } },
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
    '/admin/restore-orders',
    { config: { permission: 'orders.restore' }, schema: { tags, body: restoreOrdersInput } },
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
    '/admin/reassign-orders',
    { config: { permission: 'orders.reassign' }, schema: { tags, body: reassignOrdersInput } },
    async (request) => {
      const { orderId, staffId } = request.body;
      const to = staffId === null ? null : ((await findActiveMember(app.ctx.db, staffId)) ?? null);
      if (staffId !== null && !to) throw notFound('Team member not found.', 'MEMBER_NOT_FOUND');
      const result = await reassignOrders(app.ctx.db, orderId, to, currentStaff(request), app.ctx.events);
      return { status: 1, message: result.message, data: { reassigned: result.reassigned, results: result.results } };
    },
  );

  api.get('/admin/get-future-order-count', { config: work, schema: { tags } }, async (request) => {
    const data = await getFutureMonthCounts(app.ctx.db, contextOf(currentStaff(request)));
    return { status: 1, message: 'Counts loaded.', data };
  });

  api.get(
    '/admin/export-orders.csv',
    { config: work, schema: { tags, querystring: exportOrdersQuery } },
    async (request, reply) => {
      const member = currentStaff(request);
      const folder = folderFor(request.query.folder, member);
      const day = businessToday(app.ctx.config.BUSINESS_TZ);
      const rows = exportOrdersCsv(app.ctx.db, {
        folder,
        ctx: contextOf(member),
        search: request.query.search,
        month: folder === 'futureOrder' ? request.query.month : undefined,
        timeZone: app.ctx.config.BUSINESS_TZ,
        sort: { sort: request.query.sort, dir: request.query.dir },
        status: request.query.status,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${folder}-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(rows));
    },
  );
}

function listAnswer(result: Awaited<ReturnType<typeof findFolderOrders>>) {
  return {
    status: 1,
    message: 'Orders loaded.',
    data: result.rows,
    total: result.total,
    totalCapped: result.totalCapped,
    nextCursor: result.nextCursor,
  };
}
