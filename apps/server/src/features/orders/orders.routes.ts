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
  searchOrdersInput,
  toFolderKey,
} from '@nzeta/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden } from '../../lib/app-error';
import { currentStaff, type StaffPrincipal } from '../../plugins/authentication';
import { createDocumentStorage } from '../documents/storage';
import { assignOrders, ClaimConflict, releaseOrders } from './assign-orders';
import { changeOrderStatus } from './change-order-status';
import { completeRefunds } from './complete-refunds';
import { exportOrdersCsv } from './export-orders-csv';
import { findFolderOrders } from './find-folder-orders';
import type { FolderContext } from './folder-sql';
import { countFolders, sizeOfFolder } from './get-folder-counts';
import { getFutureMonthCounts } from './get-future-month-counts';
import { RollupCache } from './rollup-cache';

const work = { permission: 'orders.work' } as const;
const tags = ['orders'];

/** Folder lists, counts, search, bulk actions and export (SPEC §7 Orders, DESIGN §2 and §7). */
export async function ordersRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const storage = createDocumentStorage(app.ctx.config);

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

  const changed = () => app.ctx.events.ordersChanged();
  const rollup = new RollupCache(app.ctx.events, app.ctx.config.FOLDER_COUNTS_MAX_AGE_MS);

  api.get(
    '/admin/get-folder-count',
    { config: work, schema: { tags, querystring: z.object({ userName: z.string().max(200).optional() }) } },
    async (request) => {
      const ctx = contextOf(currentStaff(request));
      const data = countFolders(await rollup.groups(app.ctx.db, ctx.today), ctx);
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
      const { page, perPage, limit, month, search, cursor } = request.query;
      const ctx = contextOf(member);
      const result = await findFolderOrders(app.ctx.db, {
        folder,
        ctx,
        folderSize: async () => sizeOfFolder(await rollup.groups(app.ctx.db, ctx.today), folder, ctx),
        page,
        perPage: perPage ?? limit ?? 10,
        cursor,
        month: folder === 'futureOrder' ? month : undefined,
        search,
      });
      return listAnswer(result);
    },
  );

  api.post('/admin/search-order', { config: work, schema: { tags, body: searchOrdersInput } }, async (request) => {
    const member = currentStaff(request);
    const { start, end, searchVal, folderName } = request.body;
    const result = await findFolderOrders(app.ctx.db, {
      folder: folderFor(folderName, member),
      ctx: contextOf(member),
      page: start,
      perPage: end,
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
          const { message, assigned, taken } = await assignOrders(app.ctx.db, orderId, member);
          changed();
          return { status: 1, message, data: { assigned, taken } };
        }
        const { message, released } = await releaseOrders(app.ctx.db, orderId, {
          ...member,
          canReleaseAny: can(member.role, 'orders.delete'),
        });
        changed();
        return { status: 1, message, data: { released } };
      } catch (error) {
        if (error instanceof ClaimConflict) {
          return reply.code(409).send({ status: 0, message: error.message, data: error.outcome });
        }
        throw error;
      }
    },
  );

  const changeStatus = async (request: FastifyRequest<{ Body: z.infer<typeof changeOrderStatusInput> }>) => {
    const member = currentStaff(request);
    const { orderId, updatingStatus, permanentDeletedFlag } = request.body;
    const erase = permanentDeletedFlag === true || permanentDeletedFlag === 1 || permanentDeletedFlag === '1';
    const result = await changeOrderStatus(app.ctx.db, { orderIds: orderId, status: updatingStatus, erase }, member);
    changed();
    await removeFiles(result.erasedFiles.documents, request);
    return { status: 1, message: result.message, data: { changed: result.changed } };
  };

  const removeFiles = async (names: string[], request: FastifyRequest) => {
    for (const name of names) {
      // The database no longer points at the file: a failed removal only leaves an orphan behind.
      await storage.remove(name).catch((err: unknown) => request.log.warn({ err }, 'erased document not removed'));
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
      );
      changed();
      return { status: 1, message, data: { refunded } };
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
