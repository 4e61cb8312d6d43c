import { businessToday, contracts } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-schema';
import { currentStaff, type StaffPrincipal } from '../../plugins/authentication';
import type { FolderContext } from '../orders';
import { getSlaHours } from '../settings';
import { getDashboard } from './get-dashboard';
import { searchAllOrders } from './search-all-orders';

const work = { permission: 'orders.work' } as const;
const tags = ['console'];
const { consoleContracts } = contracts;

/** The operations dashboard and the header search across every folder a member may open. */
export async function consoleRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { rollup } = app.ctx;
  const contextOf = (member: StaffPrincipal): FolderContext => ({
    staffId: member.id,
    today: businessToday(app.ctx.config.BUSINESS_TZ),
  });

  api.get(
    consoleContracts.dashboard.path,
    { config: work, schema: contractSchema(consoleContracts.dashboard, tags) },
    async (request) => {
      const ctx = contextOf(currentStaff(request));
      const [groups, sla] = await Promise.all([
        rollup.groups(app.ctx.db, ctx.today, request.query.seen),
        getSlaHours(app.ctx.db),
      ]);
      const data = await getDashboard(app.ctx.db, { ctx, groups, sla, timeZone: app.ctx.config.BUSINESS_TZ });
      return { status: 1, message: 'Dashboard loaded.', data };
    },
  );

  api.get(
    consoleContracts.globalSearch.path,
    { config: work, schema: contractSchema(consoleContracts.globalSearch, tags) },
    async (request) => {
      const member = currentStaff(request);
      const { hits, more } = await searchAllOrders(app.ctx.db, {
        term: request.query.q,
        role: member.role,
        ctx: contextOf(member),
      });
      return { status: 1, message: 'Search results.', data: hits, more };
    },
  );
}
