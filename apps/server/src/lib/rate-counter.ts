import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../db/client';

export interface Counter {
  count: number;
  resetAt: Date;
}

/**
 * Fixed-window counters kept in the database, so a limit holds across every server instance.
 * One upsert counts a hit, starting a new window when the last one ended; with `limit`, a window
 * already holding that many hits takes nothing and no row comes back.
 */
async function upsertHit(db: DbOrTx, key: string, windowMs: number, limit?: number): Promise<Counter | undefined> {
  const seconds = windowMs / 1000;
  const [row] = await queryRows<{ count: number; reset_at: string }>(
    db,
    sql`insert into rate_counters as r (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${seconds}))
        on conflict (key) do update set
          count = case when r.reset_at <= now() then 1 else r.count + 1 end,
          reset_at = case when r.reset_at <= now() then now() + make_interval(secs => ${seconds}) else r.reset_at end
        ${limit === undefined ? sql`` : sql`where r.reset_at <= now() or r.count < ${limit}`}
        returning count, reset_at`,
  );
  return row ? { count: Number(row.count), resetAt: new Date(row.reset_at) } : undefined;
}

/** Counts one hit, whatever the count already is. */
export async function hitCounter(db: DbOrTx, key: string, windowMs: number): Promise<Counter> {
  return (await upsertHit(db, key, windowMs)) ?? { count: 1, resetAt: new Date(Date.now() + windowMs) };
}

export async function peekCounter(db: DbOrTx, key: string): Promise<Counter | undefined> {
  const [row] = await queryRows<{ count: number; reset_at: string }>(
    db,
    sql`select count, reset_at from rate_counters where key = ${key} and reset_at > now()`,
  );
  return row ? { count: Number(row.count), resetAt: new Date(row.reset_at) } : undefined;
}

/**
 * Takes one place in the window if fewer than `limit` are taken (atomically); undefined when the
 * window is full. Unlike hitCounter, a refused attempt takes nothing.
 */
export async function reserveHit(
  db: DbOrTx,
  key: string,
  windowMs: number,
  limit: number,
): Promise<Counter | undefined> {
  return upsertHit(db, key, windowMs, limit);
}

/** Gives back one hit of the current window (an attempt that turned out not to count). */
export async function refundHit(db: DbOrTx, key: string): Promise<void> {
  await db.execute(
    sql`update rate_counters set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`,
  );
}

export async function clearCounter(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_counters where key = ${key}`);
}

export function secondsUntil(date: Date): number {
  return Math.max(1, Math.ceil((date.getTime() - Date.now()) / 1000));
}

/** Rows whose window ended: nothing reads them again (the housekeeping job deletes them). */
export async function purgeExpiredCounters(db: DbOrTx): Promise<number> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`delete from rate_counters where reset_at <= now() returning key`,
  );
  return rows.length;
}
