/**
 * The visitor token of each tracked order, for this tab only: closing the tab forgets it, and a
 * token for one order says nothing about another.
 */
const keyFor = (orderId: number) => `visitor-token:${orderId}`;

export function readVisitorToken(orderId: number): string | null {
  return sessionStorage.getItem(keyFor(orderId));
}

export function storeVisitorToken(orderId: number, token: string): void {
  sessionStorage.setItem(keyFor(orderId), token);
}

export function clearVisitorToken(orderId: number): void {
  sessionStorage.removeItem(keyFor(orderId));
}
