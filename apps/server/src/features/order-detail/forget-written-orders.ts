import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OrderDetailCache } from './detail-cache';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Ends the kept detail of every order a staff write names, before its answer is sent: the
 * trigger's notification may arrive after the member's refetch (PostgreSQL), and this instance
 * must not answer that refetch from memory. Every route that changes orders names them `orderId`
 * (a path parameter, or a body field holding one id or a list); a multipart upload reads its
 * fields in the handler, which forgets the order itself. Done whatever the status: a failed
 * request may have committed part of its work.
 */
export function forgetWrittenOrders(scope: FastifyInstance, cache: OrderDetailCache): void {
  scope.addHook('onSend', async (request) => {
    if (READS.has(request.method)) return;
    for (const id of namedOrders(request)) cache.forget(id);
  });
}

function namedOrders(request: FastifyRequest): number[] {
  const fromParams = (request.params as { orderId?: unknown } | undefined)?.orderId;
  const body = request.body;
  const fromBody = typeof body === 'object' && body !== null ? (body as { orderId?: unknown }).orderId : undefined;
  return [fromParams, fromBody].flatMap((value) => (Array.isArray(value) ? value : [value])).flatMap(orderIdOf);
}

function orderIdOf(value: unknown): number[] {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return [value];
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return [Number(value)];
  return [];
}
