import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailComplaints } from '../../db/schema';

const normalise = (address: string) => address.trim().toLowerCase();

/**
 * Remembers that the owner of this address reported our mail as spam. Sending there again
 * without being asked risks the sender's reputation, so resends to it need a confirmation.
 */
export async function markComplainedAddress(
  db: DbOrTx,
  address: string,
  options: { mailId: number; complainedAt: string },
): Promise<void> {
  await db
    .insert(mailComplaints)
    .values({ address: normalise(address), mailId: options.mailId, complainedAt: options.complainedAt })
    .onConflictDoUpdate({
      target: mailComplaints.address,
      set: {
        mailId: options.mailId,
        complainedAt: sql`greatest(${mailComplaints.complainedAt}, excluded.complained_at)`,
      },
    });
}

/** Whether the address's owner once reported our mail as spam. */
export async function isComplainedAddress(db: DbOrTx, address: string): Promise<boolean> {
  const [row] = await db
    .select({ address: mailComplaints.address })
    .from(mailComplaints)
    .where(eq(mailComplaints.address, normalise(address)))
    .limit(1);
  return row !== undefined;
}
