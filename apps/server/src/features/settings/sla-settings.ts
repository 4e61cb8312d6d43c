import { DEFAULT_SLA_HOURS, type SlaHours, slaHoursInput } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

export const SLA_KEY = 'sla';

/** How long a read of the targets is reused: every list page needs them. */
const CACHE_MS = 5_000;
const cache = new WeakMap<object, { at: number; hours: Promise<SlaHours> }>();

async function readSlaHours(db: DbOrTx): Promise<SlaHours> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SLA_KEY)).limit(1);
  const parsed = slaHoursInput.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_SLA_HOURS;
}

/**
 * The service-level targets (Settings), read at most every few seconds per database: a change
 * saved on another instance shows within that time, one saved here at once (forgetSlaHours).
 */
export function getSlaHours(db: DbOrTx, now = Date.now()): Promise<SlaHours> {
  const cached = cache.get(db);
  if (cached && now - cached.at < CACHE_MS) return cached.hours;
  const hours = readSlaHours(db);
  cache.set(db, { at: now, hours });
  hours.catch(() => cache.delete(db));
  return hours;
}

export function forgetSlaHours(db: DbOrTx): void {
  cache.delete(db);
}
