import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type IntakeOrder, toOrderRow, toOtherNameRows } from '../../db/intake-rows';
import { orderOtherNames, orders } from '../../db/schema';
import { recordIntake } from '../lifecycle';

export interface CreateOrderResult {
  orderId: number;
  created: boolean;
}

/**
 * Stores a paid application as a New order with its other names, in one transaction.
 * Idempotent on the caller's reference: the unique index decides, so two concurrent calls with
 * one reference cannot both insert; the loser waits for the winner's commit, then reads its id.
 */
export async function createOrderFromApplication(
  db: DbOrTx,
  input: IntakeOrder,
  options: { reference: string },
): Promise<CreateOrderResult> {
  const row = toOrderRow(input, options.reference);
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(orders)
      .values(row)
      .onConflictDoNothing({ target: orders.intakeReference })
      .returning({ orderId: orders.orderId });
    if (inserted) {
      const names = toOtherNameRows(inserted.orderId, input);
      if (names.length) await tx.insert(orderOtherNames).values(names);
      await recordIntake(tx, [inserted.orderId], 'Application site');
      return { orderId: inserted.orderId, created: true };
    }
    const [existing] = await tx
      .select({ orderId: orders.orderId })
      .from(orders)
      .where(eq(orders.intakeReference, options.reference));
    if (!existing) throw new Error('Intake reference conflicted but no order carries it');
    return { orderId: existing.orderId, created: false };
  });
}
