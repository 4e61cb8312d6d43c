import type { FastifyInstance } from 'fastify';

export const IN_FLIGHT_PATH = '/__bench/in-flight';

/**
 * How many requests the benchmark's server is still answering. autocannon stops at its deadline
 * with requests in flight; the benchmark waits for them so they do not weigh on the next
 * measurement. A request leaves the count when its response closes: sent, or its client gone
 * (its queries may still run: the benchmark then also waits for the database, see waitUntilIdle).
 */
export function registerInFlightProbe(app: FastifyInstance): void {
  const live = new Set<string>();
  // From the moment the body has arrived: autocannon can stop half-way through writing a request,
  // and the server then waits for a body that never comes, doing nothing.
  app.addHook('preValidation', async (request, reply) => {
    // A client that left before this hook ran has already closed the response: its 'close'
    // will not come again, and counting it would keep the benchmark waiting for nothing.
    if (request.url === IN_FLIGHT_PATH || request.raw.socket?.destroyed) return;
    live.add(request.id);
    reply.raw.once('close', () => live.delete(request.id));
  });
  app.get(IN_FLIGHT_PATH, { config: { permission: 'public' } }, async () => ({ inFlight: live.size }));
}
