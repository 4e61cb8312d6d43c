import type { FastifyInstance } from 'fastify';
import { RequestActivity } from '../lib/request-activity';

export const BUSY_MESSAGE = 'The server is busy. Please try again shortly.';

/**
 * Requests one process works on at once; past that a request is answered 503 at once. With the
 * embedded database every statement runs on this thread, so requests queue rather than block the
 * event loop (what @fastify/under-pressure measures): the queue is what must be bounded. 200
 * requests are about 1-3 s of work on a 2-core machine; a retry is better served than a wait.
 */
export const MAX_REQUESTS_IN_FLIGHT = 200;

/** The live-count stream: long by nature, so not counted (it has a per-member cap of its own). */
export const EVENTS_ROUTE = '/api/admin/events';

/**
 * Bounds the requests in progress, counted in `activity` (MAX_REQUESTS_IN_FLIGHT unless `limit`
 * says otherwise). Only the events route is exempt, decided by the route matched, never by a
 * header the client chooses (any request could claim to be an event stream).
 */
export function registerLoadShedding(
  app: FastifyInstance,
  {
    limit = MAX_REQUESTS_IN_FLIGHT,
    activity = new RequestActivity(),
  }: { limit?: number; activity?: RequestActivity } = {},
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.url === EVENTS_ROUTE && request.method === 'GET') return;
    if (activity.inFlight >= limit) {
      return reply
        .code(503)
        .header('retry-after', '2')
        .send({ status: 0, message: BUSY_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
    }
    const done = activity.started();
    reply.raw.once('finish', done);
    reply.raw.once('close', done);
  });
}
