import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { staff } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { spendResetLinks } from './reset-password';

/** Sets a new password and revokes every token the member holds. */
export async function changePassword(db: DbOrTx, staffId: number, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  await db
    .update(staff)
    .set({ passwordHash, tokenVersion: sql`${staff.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(staff.id, staffId));
  await spendResetLinks(db, staffId);
}

/** Ends every session of the member (logout revokes the token server-side too). */
export async function revokeTokens(db: DbOrTx, staffId: number): Promise<void> {
  await db
    .update(staff)
    .set({ tokenVersion: sql`${staff.tokenVersion} + 1` })
    .where(eq(staff.id, staffId));
}
