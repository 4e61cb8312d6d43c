import { Readable } from 'node:stream';
import { businessToday, can, contracts, type FolderKey, MAX_ROWS_PER_ANSWER } from '@nzeta/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkWrittenAnswer, sendWrittenAnswer } from '../../lib/answer-serializer';
import { forbidden } from '../../lib/app-error';
import { contractSchema } from '../../lib/contract-schema';
import { joinedBytes } from '../../lib/joined-bytes';
import { currentStaff, type StaffPrincipal } from '../../plugins/authentication';
import { getSlaHours } from '../settings';
import { exportOrdersCsv } from './export-orders-csv';
import { type FolderPageText, findFolderPageText } from './find-folder-orders';
import { FirstPageCache } from './first-page-cache';
import type { FolderContext } from './folder-sql';
import { countFolders, sizeOfFolder } from './get-folder-counts';
import { getFutureMonthCounts } from './get-future-month-counts';
import { streamFolderOrders } from './stream-folder-orders';

const work = { permission: 'orders.work' } as const;
const tags = ['orders'];
const { orders } = contracts;

/** My Orders is always the signed-in member's: no parameter widens it (userName is ignored). */
export function folderContextOf(app: FastifyInstance, member: StaffPrincipal): FolderContext {
  return { staffId: member.id, today: businessToday(app.ctx.config.BUSINESS_TZ) };
}

/** The schemas read the folder key; Order History needs a permission of its own. */
function assertMayOpen(folder: FolderKey, member: StaffPrincipal): FolderKey {
  if (folder === 'allOrder' && !can(member.role, 'orders.history')) {
    throw forbidden('You do not have permission to see the Order History.');
  }
  return folder;
}

/** What the folder screens read: counts, a page of a folder, search within it, and export. */
export async function folderListRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { rollup } = app.ctx;
  // A first page is kept as the answer's bytes: joining 500 rows and encoding the text again for
  // every request was most of the server's work on a kept 500-row page.
  const firstPages = new FirstPageCache<Buffer>(app.ctx.events, app.ctx.config.FOLDER_COUNTS_MAX_AGE_MS);
  const checkAnswers = !app.ctx.config.isProduction;
  const writePage = (page: FolderPageText) => {
    const answer = folderPageAnswer(page);
    if (checkAnswers) checkWrittenAnswer(orders.folderList.answer, answer.toString('utf8'), 'folder page');
    return answer;
  };
  const sendPage = (reply: FastifyReply, page: FolderPageText) => sendWrittenAnswer(reply, writePage(page));
  const contextOf = (member: StaffPrincipal) => folderContextOf(app, member);

  api.get(
    orders.folderCount.path,
    { config: work, schema: contractSchema(orders.folderCount, tags) },
    async (request) => {
      const ctx = contextOf(currentStaff(request));
      const data = countFolders(await rollup.groups(app.ctx.db, ctx.today, request.query.seen), ctx);
      return { status: 1, message: 'Counts loaded.', data };
    },
  );

  api.get(
    orders.folderList.path,
    { config: work, schema: contractSchema(orders.folderList, tags) },
    async (request, reply) => {
      const member = currentStaff(request);
      const folder = assertMayOpen(request.params.orderName, member);
      const { page, perPage, limit, month, search, cursor, sort, dir, status } = request.query;
      const ctx = contextOf(member);
      const asked = perPage ?? limit ?? 10;
      const options = {
        sort: { sort, dir },
        status,
        sla: await getSlaHours(app.ctx.db),
        folder,
        ctx,
        folderSize: async () => sizeOfFolder(await rollup.groups(app.ctx.db, ctx.today), folder, ctx),
        page,
        perPage: Math.min(asked, MAX_ROWS_PER_ANSWER),
        cursor,
        month: folder === 'futureOrder' ? month : undefined,
        search,
      };
      // 'All' names the folder's total: written as the rows arrive, with only the columns the
      // table shows. A search keeps bounded chunks that follow the cursor.
      if (asked > MAX_ROWS_PER_ANSWER && !search) {
        const stream = await streamFolderOrders(app.ctx.database, { ...options, perPage: asked });
        // The envelope is written by hand (stream-folder-orders.ts), past the response schema.
        return reply.header('content-type', 'application/json; charset=utf-8').send(stream as never);
      }
      const read = () => findFolderPageText(app.ctx.db, options);
      if (search || cursor || (page ?? 1) !== 1) return sendPage(reply, await read());
      const key = JSON.stringify([
        member.id,
        folder,
        options.perPage,
        month,
        sort,
        dir,
        status,
        ctx.today,
        options.sla,
      ]);
      const answer = await firstPages.page(app.ctx.db, key, request.query.seen, async () => writePage(await read()));
      return sendWrittenAnswer(reply, answer);
    },
  );

  api.post(
    orders.searchOrders.path,
    { config: work, schema: contractSchema(orders.searchOrders, tags) },
    async (request, reply) => {
      const member = currentStaff(request);
      const { start, end, searchVal, folderName, sort, dir, status } = request.body;
      const result = await findFolderPageText(app.ctx.db, {
        sort: { sort, dir },
        status,
        sla: await getSlaHours(app.ctx.db),
        folder: assertMayOpen(folderName, member),
        ctx: contextOf(member),
        page: start,
        perPage: Math.min(end, MAX_ROWS_PER_ANSWER),
        search: searchVal,
      });
      return sendPage(reply, result);
    },
  );

  api.get(
    orders.futureMonthCounts.path,
    { config: work, schema: contractSchema(orders.futureMonthCounts, tags) },
    async (request) => {
      const data = await getFutureMonthCounts(app.ctx.db, contextOf(currentStaff(request)));
      return { status: 1, message: 'Counts loaded.', data };
    },
  );

  api.get(
    orders.exportOrders.path,
    { config: work, schema: contractSchema(orders.exportOrders, tags) },
    async (request, reply) => {
      const member = currentStaff(request);
      const folder = assertMayOpen(request.query.folder, member);
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

/** The list and search answer (SPEC §7's envelope) around rows the database wrote as JSON, as bytes. */
export function folderPageAnswer(page: FolderPageText): Buffer {
  const { total, totalCapped, nextCursor } = page;
  return joinedBytes(
    '{"status":1,"message":"Orders loaded.","data":[',
    page.rowsJson,
    `],"total":${total},"totalCapped":${totalCapped},"nextCursor":${JSON.stringify(nextCursor)}}`,
  );
}
