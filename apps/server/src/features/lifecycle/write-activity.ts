import type { ActivityAction } from '@nzeta/domain';
import type { DbOrTx } from '../../db/client';
import { orderActivity } from '../../db/schema';

export interface ActivityRow {
  orderId: number;
  actorId: number | null;
  actorName: string;
  action: ActivityAction;
  from?: string | null;
  to?: string | null;
  detail?: Record<string, unknown> | null;
}

/** The one writer of the order timeline; call it in the transaction of the change it records. */
export async function writeActivityRows(tx: DbOrTx, rows: readonly ActivityRow[]): Promise<void> {
  // Large selections are written in slices to stay under the bind-parameter limit.
  for (let start = 0; start < rows.length; start += 5_000) {
    await tx.insert(orderActivity).values(
      rows.slice(start, start + 5_000).map((row) => ({
        orderId: row.orderId,
        actorId: row.actorId,
        actorName: row.actorName,
        action: row.action,
        fromValue: row.from ?? null,
        toValue: row.to ?? null,
        detail: row.detail ?? null,
      })),
    );
  }
}
