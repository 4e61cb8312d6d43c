import { decodeId } from '@nzeta/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentGateways } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import type { StaffPrincipal } from '../../plugins/authentication';

export const SELECT_GATEWAY = 'Please select gateway.';

/** Makes one gateway the active one; every other is switched off in the same statement. */
export async function setActiveGateway(db: Db, actor: StaffPrincipal, encodedId: string, ip: string): Promise<void> {
  const id = decodeId(encodedId);
  if (id === undefined || id > 2_147_483_647) throw badRequest(SELECT_GATEWAY);
  await db.transaction(async (tx) => {
    const [gateway] = await tx
      .select({ id: paymentGateways.id, name: paymentGateways.gatewayName })
      .from(paymentGateways)
      .where(eq(paymentGateways.id, id))
      .limit(1);
    if (!gateway) throw badRequest(SELECT_GATEWAY);
    await tx.update(paymentGateways).set({
      isActive: sql`${paymentGateways.id} = ${id}`,
      updatedAt: sql`case when ${paymentGateways.isActive} <> (${paymentGateways.id} = ${id}) then now() else ${paymentGateways.updatedAt} end`,
    });
    await writeAudit(tx, {
      actorId: actor.id,
      actorName: actor.name,
      action: 'gateway-changed',
      target: `gateway:${gateway.id}`,
      ip,
      detail: { gateway: gateway.name },
    });
  });
}
