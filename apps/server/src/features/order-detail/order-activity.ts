import type { ActivityAction } from '@nzeta/domain';
import type { DbOrTx } from '../../db/client';
import { writeActivityRows } from '../lifecycle';

export interface Actor {
  id: number | null;
  name: string;
}

export interface ActivityInput {
  orderId: number;
  actor: Actor;
  /** one of the timeline's actions (packages/domain activity-actions) */
  action: ActivityAction;
  from?: string | null;
  to?: string | null;
  detail?: Record<string, unknown>;
}

/** Appends to the order's timeline; call it in the transaction of the change it records. */
export async function recordActivity(db: DbOrTx, input: ActivityInput): Promise<void> {
  await writeActivityRows(db, [
    {
      orderId: input.orderId,
      actorId: input.actor.id,
      actorName: input.actor.name,
      action: input.action,
      from: input.from ?? null,
      to: input.to ?? null,
      detail: input.detail ?? null,
    },
  ]);
}
