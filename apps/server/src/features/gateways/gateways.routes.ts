import { contracts } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contractSchema } from '../../lib/contract-schema';
import { currentStaff } from '../../plugins/authentication';
import { findGateways } from './find-gateways';
import { setActiveGateway } from './set-active-gateway';

/** Gateway Setting (SPEC §7 Gateways): exactly one active payment gateway. */
export async function gatewaysRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'gateways.manage' } as const;
  const tags = ['gateways'];
  const { account } = contracts;

  api.get(account.paymentGateways.path, { config, schema: contractSchema(account.paymentGateways, tags) }, async () => {
    const rows = await findGateways(app.ctx.db);
    return { status: 1, message: 'OK', data: rows, total: rows.length };
  });

  api.post(
    account.setPaymentGateway.path,
    { config, schema: contractSchema(account.setPaymentGateway, tags) },
    async (request) => {
      await setActiveGateway(app.ctx.db, currentStaff(request), request.body.gatewayId, request.ip);
      return { status: 1, message: 'Payment gateway updated successfully.', data: null };
    },
  );
}
