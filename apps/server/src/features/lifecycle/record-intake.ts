import { INTAKE_STATUS } from '@nzeta/domain';
import type { DbOrTx } from '../../db/client';
import { writeActivityRows } from './write-activity';

/**
 * Intake, the lifecycle's first step: the order row is inserted with INTAKE_STATUS by the
 * caller (it owns the applicant's fields); this writes the timeline's first entry.
 */
export async function recordIntake(tx: DbOrTx, orderIds: readonly number[], actorName: string): Promise<void> {
  await writeActivityRows(
    tx,
    orderIds.map((orderId) => ({
      orderId,
      actorId: null,
      actorName,
      action: 'order-created',
      to: INTAKE_STATUS,
    })),
  );
}
