import { eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { staff } from '../../db/schema';
import { isSealed, seal } from '../../lib/secret-box';

/**
 * The data step of migration 0009: secrets stored before they were sealed are sealed with the
 * configured key (SQL cannot, it has no key). Runs at every start; a no-op once all are sealed.
 */
export async function sealMfaSecrets(db: DbOrTx, key: Buffer): Promise<number> {
  const rows = await db.select({ id: staff.id, secret: staff.mfaSecret }).from(staff).where(isNotNull(staff.mfaSecret));
  let sealed = 0;
  for (const row of rows) {
    if (!row.secret || isSealed(row.secret)) continue;
    await db
      .update(staff)
      .set({ mfaSecret: seal(row.secret, key) })
      .where(eq(staff.id, row.id));
    sealed += 1;
  }
  return sealed;
}
