import type { ServerResponse } from 'node:http';
import { contracts } from '@nzeta/domain';
import type { FastifyInstance } from 'fastify';
import { contractSchema } from '../../lib/contract-schema';
import type { OrdersChange } from '../../lib/event-hub';
import { isStillSignedIn } from '../../lib/staff-session';

/** How often an open stream checks that its session still exists (logout, revocation, idle end). */
export const STREAM_SESSION_CHECK_MS = 10_000;

/**
 * Server-sent events for the console: a 'counts' event whenever orders change, so menu and
 * dashboard counts stay live without polling (DESIGN §2), and a 'notice' event for the
 * notification area (an approval e-mail that bounced). EventSource cannot send headers, so
 * the token may come as ?token= on this one route.
 */
export async function eventsRoutes(app: FastifyInstance): Promise<void> {
  // A stream never ends by itself: on shutdown they are closed first (the browser reconnects to
  // another instance), or they would hold the graceful stop until its 10 s limit.
  const streams = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.end();
  });

  app.get(
    contracts.publicContracts.events.path,
    {
      config: { permission: 'orders.work', allowQueryToken: true },
      schema: contractSchema(contracts.publicContracts.events, ['orders']),
    },
    (request, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 2000\n\n');
      // `at` goes back with the console's next reads (`seen`), see OrdersChange.
      const send = (change: OrdersChange) => res.write(`event: counts\ndata: ${JSON.stringify(change)}\n\n`);
      const offChanges = app.ctx.events.onOrdersChanged(send);
      const offNotices = app.ctx.events.onNotice((notice) =>
        res.write(`event: notice\ndata: ${JSON.stringify(notice)}\n\n`),
      );
      const unsubscribe = () => {
        offChanges();
        offNotices();
      };
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 25_000);
      // The stream outlives no session: after logout (or a revocation, or the idle timeout) it ends.
      const staff = request.staff;
      const sessionCheck = setInterval(async () => {
        const alive =
          staff && (await isStillSignedIn(app.ctx.db, staff, app.ctx.config.IDLE_TIMEOUT_MINUTES).catch(() => true));
        if (!alive) res.end();
      }, STREAM_SESSION_CHECK_MS);
      streams.add(res);
      request.raw.on('close', () => {
        streams.delete(res);
        clearInterval(heartbeat);
        clearInterval(sessionCheck);
        unsubscribe();
      });
    },
  );
}
