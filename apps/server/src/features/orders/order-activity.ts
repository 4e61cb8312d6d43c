import type { DbOrTx } from '../../db/client';
import { orderActivity } from '../../db/schema';

export interface Actor {
  id: number;
  name: string;
}

export interface ActivityEntry {
  orderId: number;
  /** verb-noun, as the order's timeline shows it everywhere */
  action: 'status-changed' | 'assigned' | 'unassigned' | 'refund-completed' | 'personal-data-erased';
  from?: string | null;
  to?: string | null;
  detail?: Record<string, unknown>;
}

/** Writes the orders' log (who, when, what, from, to); call it inside the change's transaction. */
export async function writeActivity(tx: DbOrTx, actor: Actor, entries: ActivityEntry[]): Promise<void> {
  // Large selections are written in slices to stay under the bind-parameter limit.
  for (let start = 0; start < entries.length; start += 5_000) {
    await tx.insert(orderActivity).values(
      entries.slice(start, start + 5_000).map((entry) => ({
        orderId: entry.orderId,
        actorId: actor.id,
        actorName: actor.name,
        action: entry.action,
        fromValue: entry.from ?? null,
        toValue: entry.to ?? null,
        detail: entry.detail ?? null,
      })),
    );
  }
}
