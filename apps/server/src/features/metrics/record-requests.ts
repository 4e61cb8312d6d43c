import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppMetrics } from './app-metrics';

const SIGN_IN_ROUTE = '/api/admin/admin-login';
const LIVE_COUNT_ROUTE = '/api/admin/events';

/**
 * Request series from the answers themselves, so no feature needs to know about metrics: the
 * route pattern (never the raw URL, which holds ids) and status of every answer, 429s, the
 * outcome of sign-ins, and the live-count streams open.
 */
export function recordRequests(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    metrics.requestDuration.observe(
      { method: request.method, route, status_code: String(status) },
      reply.elapsedTime / 1000,
    );
    if (status === 429) metrics.throttled.inc({ route });
    if (route === SIGN_IN_ROUTE && request.method === 'POST') metrics.signIns.inc({ outcome: signInOutcome(reply) });
  });
  // preHandler: after authentication (an onRequest hook), so refused callers are not counted
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.url !== LIVE_COUNT_ROUTE) return;
    metrics.liveStreams.inc();
    request.raw.once('close', () => metrics.liveStreams.dec());
  });
}

function signInOutcome(reply: FastifyReply): string {
  const status = reply.statusCode;
  if (status === 200) return 'success';
  if (status === 423) return 'locked';
  if (status === 429) return 'throttled';
  // the password was right and the one-time code is asked for: not a failure
  if (reply.getHeader('x-mfa-required')) return 'code_required';
  return 'failed';
}
