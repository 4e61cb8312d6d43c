import net, { type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export const DRAINING_MESSAGE = 'This server is restarting. Please try again.';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Before close on SIGTERM: takes this instance out of its load balancer, then stops
     * accepting connections and lets those just accepted send their request.
     */
    drain(): Promise<void>;
  }
}

/** No new connection for this long: the balancer has stopped choosing this instance. */
const QUIET_MS = 300;
const MAX_DRAIN_MS = 3000;
/** How long a connection accepted just before the listener closed gets to send its request. */
const SETTLE_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A stopping instance must not lose a request a load balancer already sent it. Closing the
 * listening socket resets the connections still in its accept queue, and Fastify's close ends
 * connections whose request was not read yet as idle: nginx saw both as resets and, for a POST it
 * may not replay, answered 502. So first the instance drains: reads (GET, HEAD) on connections
 * opened after the signal are answered 503, which a balancer retries on another instance and
 * counts as a failure of this one (nginx then leaves it out for `fail_timeout`); writes, and
 * whatever comes on connections from before the signal, are still served. Once no new connection
 * has come for a moment, the listener closes, the connections accepted before get their turn,
 * and the usual close follows.
 */
export function registerDraining(app: FastifyInstance): void {
  let isDraining = false;
  let lastConnectionAt = 0;
  const acceptedWhileDraining = new WeakSet<Socket>();
  app.server.on('connection', (socket: Socket) => {
    lastConnectionAt = Date.now();
    if (isDraining) acceptedWhileDraining.add(socket);
  });
  app.addHook('onRequest', async (request, reply) => {
    // What came on a connection from before the signal is in flight, and is served.
    if (!acceptedWhileDraining.has(request.raw.socket)) return;
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    return reply
      .code(503)
      .header('connection', 'close')
      .send({ status: 0, message: DRAINING_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
  });
  app.decorate('drain', async () => {
    isDraining = true;
    const started = Date.now();
    while (Date.now() - started < MAX_DRAIN_MS && Date.now() - Math.max(lastConnectionAt, started) < QUIET_MS) {
      await sleep(50);
    }
    // The listening socket only: http.Server.close would also end the idle connections now.
    net.Server.prototype.close.call(app.server);
    await sleep(SETTLE_MS);
    // One I/O turn after the pause: what arrived meanwhile has been read before Fastify looks.
    await new Promise((resolve) => setImmediate(resolve));
  });
}
