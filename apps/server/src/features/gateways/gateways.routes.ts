import { gatewaySettingInput } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentStaff } from '../../plugins/authentication';
import { findGateways } from './find-gateways';
import { setActiveGateway } from './set-active-gateway';

/** Gateway Setting (SPEC §7 Gateways): exactly one active payment gateway. */
export async function gatewaysRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'gateways.manage' } as const;
  const tags = ['gateways'];

  api.get('/admin/payment-gateways', { config, schema: { tags } }, async () => {
    const rows = await findGateways(app.ctx.db);
    return { status: 1, message: 'OK', data: rows, total: rows.length };
  });

  api.post(
    '/admin/payment-gateway-setting',
    { config, schema: { tags, body: gatewaySettingInput } },
    async (request) => {
      await setActiveGateway(app.ctx.db, currentStaff(request), request.body.gatewayId, request.ip);
      return { status: 1, message: 'Payment gateway updated successfully.', data: null };
    },
  );
}
