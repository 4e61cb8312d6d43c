import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Db, queryRows } from '../../db/client';
import { CallBatch } from '../../lib/call-batch';
import { memoizeByObject } from '../../lib/memo';
import { textArray } from '../../lib/sql-array';

const IP_WINDOW_MS = 10 * 60_000;
const ORDER_WINDOW_MS = 60 * 60_000;

export const trackPairKey = (ip: string, orderRef: string) => `track-pair:${ip}:${orderRef}`;
export const trackOrderKey = (orderRef: string) => `track-order:${orderRef}`;

/** One look-up's arguments to track_order_lookup (drizzle/0020_track_order_lookup.sql), in its order. */
export interface Lookup {
  orderId: number | null;
  email: string;
  ipKey: string;
  pairKey: string;
  orderKey: string;
  ipWindowS: number;
  orderWindowS: number;
  ipLimit: number;
  pairLimit: number;
  lockAfter: number;
  target: string | null;
  ip: string;
}

export interface LookupAnswer {
  outcome: 'throttled' | 'not-found' | 'found';
  until_at: string | null;
}

/**
 * The counters a look-up counts, in this order, stopping at the first limit passed: the address
 * across orders, then wrong guesses per (address, order), so someone else's guesses never lock the
 * customer out, then the order-wide count, which locks only at a much higher threshold (guesses
 * from many addresses; staff see and clear it on the order page). All are counted before the
 * check, so concurrent guesses cannot all pass a count read before any failed; the right e-mail
 * clears the last two. The order read, the e-mail comparison, the counters and the audit row are
 * one call: drizzle/0017_track_order_attempt.sql and 0020_track_order_lookup.sql.
 */
export function lookupOf(config: Config, input: { orderId: string; email: string; ip: string }, orderId?: number) {
  // Guesses at ids that do not parse still count, under their own text.
  const orderRef = String(orderId ?? `raw:${input.orderId.toLowerCase()}`);
  return {
    orderId: orderId ?? null,
    email: input.email.trim(),
    ipKey: `track-ip:${input.ip}`,
    pairKey: trackPairKey(input.ip, orderRef),
    orderKey: trackOrderKey(orderRef),
    ipWindowS: IP_WINDOW_MS / 1000,
    orderWindowS: ORDER_WINDOW_MS / 1000,
    ipLimit: config.TRACK_IP_LIMIT,
    pairLimit: config.TRACK_ORDER_LIMIT,
    lockAfter: config.TRACK_ORDER_LOCK_AFTER,
    target: orderId === undefined ? null : `order:${orderId}`,
    ip: input.ip,
  } satisfies Lookup;
}

/** One look-up on its own: its own statement and transaction. */
export async function lookUpOne(db: Db, l: Lookup): Promise<LookupAnswer> {
  const [answer] = await queryRows<LookupAnswer>(
    db,
    sql`select outcome, until_at from track_order_lookup(
      ${l.orderId}, ${l.email}, ${l.ipKey}, ${l.pairKey}, ${l.orderKey}, ${l.ipWindowS}, ${l.orderWindowS},
      ${l.ipLimit}, ${l.pairLimit}, ${l.lockAfter}, ${l.target}, ${l.ip})`,
  );
  if (!answer) throw new Error('track_order_lookup answered no row');
  return answer;
}

/**
 * Look-ups that waited together, as one statement and transaction: the lateral call runs once per
 * row, in the order given, so each one's counters see those before it, as one after another would.
 */
export async function lookUpMany(db: Db, lookups: readonly Lookup[]): Promise<LookupAnswer[]> {
  const column = <K extends keyof Lookup>(key: K) => textArray(lookups.map((l) => l[key]));
  return queryRows<LookupAnswer>(
    db,
    sql`select r.outcome, r.until_at
      from unnest(${column('orderId')}::bigint[], ${column('email')}::text[], ${column('ipKey')}::text[],
          ${column('pairKey')}::text[], ${column('orderKey')}::text[], ${column('ipWindowS')}::float8[],
          ${column('orderWindowS')}::float8[], ${column('ipLimit')}::int[], ${column('pairLimit')}::int[],
          ${column('lockAfter')}::int[], ${column('target')}::text[], ${column('ip')}::text[])
        with ordinality as l(order_id, email, ip_key, pair_key, order_key, ip_window_s, order_window_s,
          ip_limit, pair_limit, lock_after, target, ip, n)
      cross join lateral track_order_lookup(l.order_id, l.email, l.ip_key, l.pair_key, l.order_key,
        l.ip_window_s, l.order_window_s, l.ip_limit, l.pair_limit, l.lock_after, l.target, l.ip) r
      order by l.n`,
  );
}

/**
 * Visitors' look-ups, batched per database (CallBatch). On two shared cores each round trip woke
 * a PostgreSQL backend that took the core from the server; those wake-ups, not the function's
 * work, bounded track-order (docs/decisions.md, "track-order: look-ups that arrive together").
 */
export const lookUpBatch = memoizeByObject(
  (db: Db) =>
    new CallBatch<Lookup, LookupAnswer>(
      (lookups) => lookUpMany(db, lookups),
      (lookup) => lookUpOne(db, lookup),
    ),
);
