import { deleteTeamMemberInput, ROLES, teamMemberInput, updateTeamMemberInput } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentStaff } from '../../plugins/authentication';
import { addTeamMember } from './add-team-member';
import { deleteTeamMember } from './delete-team-member';
import { findTeamMembers } from './find-team-members';
import { getTeamMemberById, MEMBER_NOT_FOUND } from './get-team-member-by-id';
import { resetTeamMemberMfa, unlockTeamMember } from './unlock-team-member';
import { updateTeamMember } from './update-team-member';

const memberIdParams = z.object({
  id: z.coerce
    .number({ error: MEMBER_NOT_FOUND })
    .int()
    .positive(MEMBER_NOT_FOUND)
    .max(2_147_483_647, MEMBER_NOT_FOUND),
});

/** Manage Team (SPEC §7 Team, DESIGN §3): Admins and Managers; Managers never touch Admins. */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'team.manage' } as const;
  const tags = ['team'];

  api.get('/admin/get-team-member-list', { config, schema: { tags } }, async () => {
    const rows = await findTeamMembers(app.ctx.db);
    return { status: 1, message: 'OK', data: rows, total: rows.length };
  });

  api.get('/admin/get-team-member-type', { config, schema: { tags } }, async () => ({
    status: 1,
    message: 'OK',
    data: [...ROLES],
  }));

  api.get('/admin/team-member-info/:id', { config, schema: { tags, params: memberIdParams } }, async (request) => ({
    status: 1,
    message: 'OK',
    data: await getTeamMemberById(app.ctx.db, request.params.id),
  }));

  api.post('/admin/add-team-member', { config, schema: { tags, body: teamMemberInput } }, async (request) => {
    const { id } = await addTeamMember(app.ctx.db, currentStaff(request), request.body, request.ip);
    return { status: 1, message: 'Team member added successfully.', data: { id } };
  });

  api.post('/admin/update-team-member', { config, schema: { tags, body: updateTeamMemberInput } }, async (request) => {
    await updateTeamMember(app.ctx.db, currentStaff(request), request.body, request.ip);
    return { status: 1, message: 'Team member updated successfully.', data: null };
  });

  api.put('/admin/delete-team-member', { config, schema: { tags, body: deleteTeamMemberInput } }, async (request) => {
    const { releasedOrders } = await deleteTeamMember(
      app.ctx.db,
      currentStaff(request),
      request.body.teamMemberId,
      request.ip,
    );
    if (releasedOrders) app.ctx.events.ordersChanged();
    const released = releasedOrders
      ? ` ${releasedOrders} claimed ${releasedOrders === 1 ? 'order was' : 'orders were'} released to the shared folders.`
      : '';
    return { status: 1, message: `Team member deleted successfully.${released}`, data: { releasedOrders } };
  });

  api.put(
    '/admin/unlock-team-member',
    { config: { permission: 'account.unlock' }, schema: { tags, body: deleteTeamMemberInput } },
    async (request) => {
      await unlockTeamMember(app.ctx.db, currentStaff(request), request.body.teamMemberId, request.ip);
      return { status: 1, message: 'The account is unlocked.', data: null };
    },
  );

  api.put(
    '/admin/reset-team-member-mfa',
    { config: { permission: 'mfa.reset' }, schema: { tags, body: deleteTeamMemberInput } },
    async (request) => {
      await resetTeamMemberMfa(app.ctx.db, currentStaff(request), request.body.teamMemberId, request.ip);
      return { status: 1, message: 'Two-step verification has been reset.', data: null };
    },
  );
}
