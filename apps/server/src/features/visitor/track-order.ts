import { parseOrderRef } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Db, queryRows } from '../../db/client';
import { AppError, appError } from '../../lib/app-error';
import { secondsUntil } from '../../lib/rate-counter';
import { getCompanySettings } from '../mail';
import { signVisitorToken } from './visitor-token';

export const ORDER_NOT_FOUND = 'We could not find an order with these details. Please check the order ID and e-mail.';
export const ORDER_FOUND = 'Order found. You can now download your travel document.';
const IP_WINDOW_MS = 10 * 60_000;
const ORDER_WINDOW_MS = 60 * 60_000;

export interface TrackOrderResult {
  token: string;
  orderId: number;
}

/**
 * Checks an order id and e-mail pair and hands out a visitor token for that order (DESIGN §6).
 * An unknown id, an erased or deleted order and a wrong e-mail answer the same message after the
 * same database work, so the answer reveals nothing about which part was wrong.
 */
export async function trackOrder(
  db: Db,
  config: Config,
  input: { orderId: string; email: string; ip: string },
): Promise<TrackOrderResult> {
  const orderId = parseOrderRef(input.orderId);
  // Guesses at ids that do not parse still count, under their own text.
  const orderRef = String(orderId ?? `raw:${input.orderId.toLowerCase()}`);
  // Counted in this order, stopping at the first limit passed: the address across orders, then
  // wrong guesses per (address, order), so someone else's guesses never lock the customer out,
  // then the order-wide count, which locks only at a much higher threshold (guesses from many
  // addresses; staff see and clear it on the order page). All are counted before the check, so
  // concurrent guesses cannot all pass a count read before any failed; the right e-mail clears
  // the last two. The order read, the e-mail comparison, the counters and the audit row are one
  // call: drizzle/0017_track_order_attempt.sql and 0020_track_order_lookup.sql.
  const [attempt] = await queryRows<{ outcome: 'throttled' | 'not-found' | 'found'; until_at: string | null }>(
    db,
    sql`select outcome, until_at from track_order_lookup(
      ${orderId ?? null}, ${input.email.trim()},
      ${`track-ip:${input.ip}`}, ${trackPairKey(input.ip, orderRef)}, ${trackOrderKey(orderRef)},
      ${IP_WINDOW_MS / 1000}, ${ORDER_WINDOW_MS / 1000},
      ${config.TRACK_IP_LIMIT}, ${config.TRACK_ORDER_LIMIT}, ${config.TRACK_ORDER_LOCK_AFTER},
      ${orderId === undefined ? null : `order:${orderId}`}, ${input.ip})`,
  );
  if (attempt?.outcome === 'throttled') throw await tooManyAttempts(db, new Date(attempt.until_at ?? Date.now()));
  if (attempt?.outcome !== 'found' || orderId === undefined) throw appError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  return { token: await signVisitorToken(orderId, config.jwtSecret), orderId };
}

export const trackPairKey = (ip: string, orderRef: string) => `track-pair:${ip}:${orderRef}`;
export const trackOrderKey = (orderRef: string) => `track-order:${orderRef}`;

/** The way out is named: the support contact from the settings. */
async function tooManyAttempts(db: Db, resetAt: Date): Promise<AppError> {
  const seconds = secondsUntil(resetAt);
  const minutes = Math.ceil(seconds / 60);
  const { support } = await getCompanySettings(db);
  const contact = [support.email, support.phone].filter(Boolean).join(' or ');
  return new AppError(
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or contact our support team at ${contact}.`,
    429,
    { 'retry-after': String(seconds) },
  );
}
