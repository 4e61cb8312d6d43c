import { createHash, timingSafeEqual } from 'node:crypto';
import { parseOrderRef } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { AppError, appError } from '../../lib/app-error';
import { writeAudit } from '../../lib/audit';
import { clearCounter, hitCounter, secondsUntil } from '../../lib/rate-counter';
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
  const ipCounter = await hitCounter(db, `track-ip:${input.ip}`, IP_WINDOW_MS);
  if (ipCounter.count > config.TRACK_IP_LIMIT) throw await tooManyAttempts(db, ipCounter.resetAt);

  const orderId = parseOrderRef(input.orderId);
  // Guesses at ids that do not parse still count, under their own text.
  const orderRef = String(orderId ?? `raw:${input.orderId.toLowerCase()}`);
  // Wrong guesses count per (address, order): someone else's guesses never lock the customer out.
  // The order-wide count locks only at a much higher threshold (guesses from many addresses);
  // staff see and clear it on the order page. Both are counted before the check, so concurrent
  // guesses cannot all pass a count read before any failed; the right e-mail clears them.
  const pairKey = trackPairKey(input.ip, orderRef);
  const orderKey = trackOrderKey(orderRef);
  const pairCounter = await hitCounter(db, pairKey, ORDER_WINDOW_MS);
  if (pairCounter.count > config.TRACK_ORDER_LIMIT) throw await tooManyAttempts(db, pairCounter.resetAt);
  const orderCounter = await hitCounter(db, orderKey, ORDER_WINDOW_MS);
  if (orderCounter.count > config.TRACK_ORDER_LOCK_AFTER) throw await tooManyAttempts(db, orderCounter.resetAt);

  const [order] = await db
    .select({ email: orders.email, status: orders.processStatus, erasedAt: orders.erasedAt })
    .from(orders)
    .where(eq(orders.orderId, orderId ?? 0))
    .limit(1);
  const emailMatches = sameEmail(order?.email, input.email);
  const isAvailable = !!order && !order.erasedAt && order.status !== 'Deleted';

  if (orderId === undefined || !isAvailable || !emailMatches) {
    await writeAudit(db, {
      action: 'visitor-track',
      target: orderId === undefined ? null : `order:${orderId}`,
      ip: input.ip,
      outcome: 'failed',
    });
    throw appError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  }

  await clearCounter(db, pairKey);
  await clearCounter(db, orderKey);
  await writeAudit(db, { action: 'visitor-track', target: `order:${orderId}`, ip: input.ip });
  return { token: await signVisitorToken(orderId, config.jwtSecret), orderId };
}

/** Case-insensitive, compared on digests so the time taken does not depend on where they differ. */
function sameEmail(stored: string | null | undefined, given: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value.trim().toLowerCase()).digest();
  const expected = digest(stored ?? '');
  return timingSafeEqual(expected, digest(given)) && !!stored;
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
