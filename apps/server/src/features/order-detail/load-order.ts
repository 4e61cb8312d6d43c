import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { notFound } from '../../lib/app-error';

export const ORDER_NOT_FOUND = 'Order not found.';

/** The order row, or 404 'Order not found.'; `forUpdate` locks it for the caller's transaction. */
export async function loadOrder(
  db: DbOrTx,
  orderId: number,
  options: { forUpdate?: boolean } = {},
): Promise<typeof orders.$inferSelect> {
  const query = db.select().from(orders).where(eq(orders.orderId, orderId)).limit(1);
  const [order] = options.forUpdate ? await query.for('update') : await query;
  if (!order) throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND');
  return order;
}

/**
 * The customer's order page for e-mails, only when PUBLIC_APP_URL is configured: the request's
 * own Host header must never decide where a customer is sent.
 */
export function trackOrderUrl(publicAppUrl: string | undefined, orderId: number): string | undefined {
  return publicAppUrl ? new URL(`/track-order/${orderId}`, publicAppUrl).toString() : undefined;
}
