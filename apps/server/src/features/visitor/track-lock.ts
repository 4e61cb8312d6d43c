import type { Db } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { clearCounter, peekCounter } from '../../lib/rate-counter';
import type { StaffPrincipal } from '../../plugins/authentication';
import { trackOrderKey } from './track-order-lookup';

export interface TrackLock {
  /** wrong e-mails counted against the order in the current hour, from every address */
  failures: number;
  /** whether the customer's look-ups are refused now (order-wide lock) */
  locked: boolean;
  /** when the count ends; null when nothing is counted */
  until: string | null;
}

/** What the order page shows of the order-wide tracking lock. */
export async function getTrackLock(db: Db, orderId: number, lockAfter: number): Promise<TrackLock> {
  const counter = await peekCounter(db, trackOrderKey(String(orderId)));
  return {
    failures: counter?.count ?? 0,
    locked: (counter?.count ?? 0) > lockAfter,
    until: counter ? counter.resetAt.toISOString() : null,
  };
}

/** Staff clear the lock when the customer calls (audited). */
export async function clearTrackLock(db: Db, actor: StaffPrincipal, orderId: number, ip: string): Promise<void> {
  await clearCounter(db, trackOrderKey(String(orderId)));
  await writeAudit(db, {
    actorId: actor.id,
    actorName: actor.name,
    action: 'track-lock-cleared',
    target: `order:${orderId}`,
    ip,
  });
}
