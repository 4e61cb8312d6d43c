import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { staff } from '../../db/schema';

/** A member who may receive orders: exists and is not deleted. */
export async function findActiveMember(db: DbOrTx, id: number): Promise<{ id: number; name: string } | undefined> {
  const [member] = await db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.id, id), isNull(staff.deletedAt)))
    .limit(1);
  return member;
}
