import { parseOrderRef } from '@nzeta/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../../lib/app-error';
import { tokenFromHeader } from '../../lib/staff-token';
import { verifyVisitorToken } from './visitor-token';

export const VISITOR_ACCESS_EXPIRED = 'Your access to this order has expired. Please track your order again.';

/**
 * The order a visitor call is about, after checking that the request carries a visitor token for
 * exactly that order (a token for another order, a staff token or none answer 401).
 */
export async function requireVisitorOrder(request: FastifyRequest, orderRef: string, secret: Uint8Array) {
  const orderId = parseOrderRef(orderRef);
  if (orderId === undefined) throw new AppError('Please enter a valid orderId', 400);
  const token = tokenFromHeader(request.headers.authorization);
  const scopedTo = token ? await verifyVisitorToken(token, secret) : undefined;
  if (scopedTo !== orderId) throw unauthorized(VISITOR_ACCESS_EXPIRED);
  return orderId;
}
