import type { DbOrTx } from '../../db/client';
import { orderActivity } from '../../db/schema';

export interface Actor {
  id: number | null;
  name: string;
}

export interface ActivityInput {
  orderId: number;
  actor: Actor;
  /** verb-noun, e.g. 'status-changed', 'remark-added', 'document-uploaded' */
  action: string;
  from?: string | null;
  to?: string | null;
  detail?: Record<string, unknown>;
}

/** Appends to the order's timeline; call it in the transaction of the change it records. */
export async function recordActivity(db: DbOrTx, input: ActivityInput): Promise<void> {
  await db.insert(orderActivity).values({
    orderId: input.orderId,
    actorId: input.actor.id,
    actorName: input.actor.name,
    action: input.action,
    fromValue: input.from ?? null,
    toValue: input.to ?? null,
    detail: input.detail ?? null,
  });
}
