import type { FastifyInstance } from 'fastify';

/**
 * Server-sent events for the console: a 'counts' event whenever orders change, so menu and
 * dashboard counts stay live without polling (DESIGN §2). EventSource cannot send headers, so
 * the token may come as ?token= on this one route.
 */
export async function eventsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/admin/events',
    { config: { permission: 'orders.work', allowQueryToken: true }, schema: { tags: ['orders'] } },
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
      const send = () => res.write('event: counts\ndata: {}\n\n');
      const unsubscribe = app.ctx.events.onOrdersChanged(send);
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), 25_000);
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
    },
  );
}
