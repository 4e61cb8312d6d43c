import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentGateways } from '../../db/schema';

/**
 * A payment gateway as SPEC §3 names it: its own numeric id. The client obfuscates it with the
 * order id codec when it posts a choice (DESIGN §2).
 */
export interface GatewayRow {
  id: number;
  gateway_name: string;
  is_active: '1' | '0';
}

export async function findGateways(db: DbOrTx): Promise<GatewayRow[]> {
  const rows = await db.select().from(paymentGateways).orderBy(asc(paymentGateways.id));
  return rows.map((row) => ({
    id: row.id,
    gateway_name: row.gatewayName,
    is_active: row.isActive ? '1' : '0',
  }));
}
