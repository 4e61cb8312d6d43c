/**
 * Announced by the database's triggers (migration 0018) on every change to an order or to a
 * table its detail, letters or histories read, whoever writes it: the order's id, or '*' for every
 * order. What is kept in memory per order listens here.
 */
export const ORDER_DETAIL_CHANGES_CHANNEL = 'order_detail_changes';

/**
 * The order a notice names, or 'all': '' (heard after a reconnection, when notices may have been
 * lost), '*' and anything unknown concern every order.
 */
export function orderOfNotice(payload: string): number | 'all' {
  return /^\d{1,15}$/.test(payload) ? Number(payload) : 'all';
}
