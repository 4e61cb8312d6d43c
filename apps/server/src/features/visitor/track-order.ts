import { parseOrderRef } from '@nzeta/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError, appError } from '../../lib/app-error';
import { secondsUntil } from '../../lib/rate-counter';
import { getCompanySettings } from '../mail';
import { lookUpBatch, lookupOf } from './track-order-lookup';
import { signVisitorToken } from './visitor-token';

export const ORDER_NOT_FOUND = 'We could not find an order with these details. Please check the order ID and e-mail.';
export const ORDER_FOUND = 'Order found. You can now download your travel document.';

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
  const attempt = await lookUpBatch(db).call(lookupOf(config, input, orderId));
  if (attempt.outcome === 'throttled') throw await tooManyAttempts(db, new Date(attempt.until_at ?? Date.now()));
  if (attempt.outcome !== 'found' || orderId === undefined) throw appError('ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  return { token: await signVisitorToken(orderId, config.jwtSecret), orderId };
}

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
