import type { addRemarkInput } from '@nzeta/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { remarks } from '../../db/schema';
import { assertOrderAction, type StaffActor } from '../lifecycle';
import { recordActivity } from './order-activity';

export type AddRemarkValues = z.output<typeof addRemarkInput>;

/**
 * Adds a comment with its flags. The remarker is always the signed-in member (SPEC §6): the
 * remarkerName the client sends is ignored, so nobody can comment under another's name.
 */
export async function addRemark(db: Db, input: AddRemarkValues, actor: StaffActor): Promise<number> {
  return db.transaction(async (tx) => {
    // An erased order is read-only, comments included (DESIGN §2).
    await assertOrderAction(tx, input.orderId, 'comment', actor);
    const [row] = await tx
      .insert(remarks)
      .values({
        orderId: input.orderId,
        staffId: actor.id,
        remarkName: actor.name,
        remark: input.remark,
        whatsapp: input.whatsapp,
        telephone: input.telephone,
        statusRefund: input.statusRefund,
        voided: input.voided,
        chargeback: input.chargeBack,
        reportError: input.reportError,
      })
      .returning({ id: remarks.id });
    if (!row) throw new Error('addRemark: no row returned');
    await recordActivity(tx, { orderId: input.orderId, actor, action: 'remark-added', detail: { remarkId: row.id } });
    return row.id;
  });
}
