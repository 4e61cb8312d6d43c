import { encodeId } from '@nzeta/domain';
import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentGateways } from '../../db/schema';

/** A payment gateway as SPEC §3 names it: the id obfuscated by the order id codec (DESIGN §2). */
export interface GatewayRow {
  id: string;
  gateway_name: string;
  is_active: '1' | '0';
}

export async function findGateways(db: DbOrTx): Promise<GatewayRow[]> {
  const rows = await db.select().from(paymentGateways).orderBy(asc(paymentGateways.id));
  return rows.map((row) => ({
    id: encodeId(row.id),
    gateway_name: row.gatewayName,
    is_active: row.isActive ? '1' : '0',
  }));
}
