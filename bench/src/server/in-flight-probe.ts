import type { FastifyInstance } from 'fastify';

export const IN_FLIGHT_PATH = '/__bench/in-flight';

/**
 * How many requests the benchmark's server is still working on. autocannon stops at its deadline
 * with requests in flight (and more waiting for a database connection); the benchmark waits for
 * them to finish so they do not weigh on the next measurement. A handler finishes when it sends
 * its answer, even to a client that has gone.
 */
export function registerInFlightProbe(app: FastifyInstance): void {
  let inFlight = 0;
  app.addHook('onRequest', async (request) => {
    if (request.url !== IN_FLIGHT_PATH) inFlight++;
  });
  app.addHook('onSend', async (request) => {
    if (request.url !== IN_FLIGHT_PATH) inFlight--;
  });
  app.get(IN_FLIGHT_PATH, { config: { permission: 'public' } }, async () => ({ inFlight }));
}
