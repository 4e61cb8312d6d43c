import { contracts, ROLES } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-schema';
import { currentStaff } from '../../plugins/authentication';
import { addTeamMember } from './add-team-member';
import { deleteTeamMember } from './delete-team-member';
import { findTeamMembers } from './find-team-members';
import { getTeamMemberById } from './get-team-member-by-id';
import { resetTeamMemberMfa, unlockTeamMember } from './unlock-team-member';
import { updateTeamMember } from './update-team-member';

/** Manage Team (SPEC §7 Team, DESIGN §3): Admins and Managers; Managers never touch Admins. */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'team.manage' } as const;
  const tags = ['team'];
  const { account } = contracts;

  api.get(account.teamMemberList.path, { config, schema: contractSchema(account.teamMemberList, tags) }, async () => {
    const rows = await findTeamMembers(app.ctx.db);
    return { status: 1, message: 'OK', data: rows, total: rows.length };
  });

  api.get(
    account.teamMemberTypes.path,
    { config, schema: contractSchema(account.teamMemberTypes, tags) },
    async () => ({
      status: 1,
      message: 'OK',
      data: [...ROLES],
    }),
  );

  api.get(
    account.teamMemberInfo.path,
    { config, schema: contractSchema(account.teamMemberInfo, tags) },
    async (request) => ({
      status: 1,
      message: 'OK',
      data: await getTeamMemberById(app.ctx.db, request.params.id),
    }),
  );

  api.post(
    account.addTeamMember.path,
    { config, schema: contractSchema(account.addTeamMember, tags) },
    async (request) => {
      const { id } = await addTeamMember(app.ctx.db, currentStaff(request), request.body, request.ip);
      return { status: 1, message: 'Team member added successfully.', data: { id } };
    },
  );

  api.post(
    account.updateTeamMember.path,
    { config, schema: contractSchema(account.updateTeamMember, tags) },
    async (request) => {
      await updateTeamMember(app.ctx.db, currentStaff(request), request.body, request.ip);
      app.ctx.members.forgetMember(request.body.tmId);
      // Orders show their assignee's name.
      app.ctx.orderDetails.forgetAll();
      return { status: 1, message: 'Team member updated successfully.', data: null };
    },
  );

  api.put(
    account.deleteTeamMember.path,
    { config, schema: contractSchema(account.deleteTeamMember, tags) },
    async (request) => {
      const { releasedOrders } = await deleteTeamMember(
        app.ctx.db,
        currentStaff(request),
        request.body.teamMemberId,
        request.ip,
      );
      app.ctx.members.forgetMember(request.body.teamMemberId);
      app.ctx.orderDetails.forgetAll();
      if (releasedOrders) app.ctx.events.ordersChanged();
      const released = releasedOrders
        ? ` ${releasedOrders} claimed ${releasedOrders === 1 ? 'order was' : 'orders were'} released to the shared folders.`
        : '';
      return { status: 1, message: `Team member deleted successfully.${released}`, data: { releasedOrders } };
    },
  );

  api.put(
    account.unlockTeamMember.path,
    { config: { permission: 'account.unlock' }, schema: contractSchema(account.unlockTeamMember, tags) },
    async (request) => {
      await unlockTeamMember(app.ctx.db, currentStaff(request), request.body.teamMemberId, request.ip);
      return { status: 1, message: 'The account is unlocked.', data: null };
    },
  );

  api.put(
    account.resetTeamMemberMfa.path,
    { config: { permission: 'mfa.reset' }, schema: contractSchema(account.resetTeamMemberMfa, tags) },
    async (request) => {
      await resetTeamMemberMfa(app.ctx.db, currentStaff(request), request.body.teamMemberId, request.ip);
      app.ctx.members.forgetMember(request.body.teamMemberId);
      return { status: 1, message: 'Two-step verification has been reset.', data: null };
    },
  );
}
