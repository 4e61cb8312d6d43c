import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

import { webDist } from '../paths';

export { webDist };

/**
 * Serves the built React app: hashed assets cached for a year, every other GET that is not an
 * API call answered with index.html so the client router takes over.
 */
export async function serveWebApp(app: FastifyInstance): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    app.log.warn('web app not built: run `npm run build`');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get('/*', { config: { permission: 'public' }, schema: { hide: true } }, (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || path.extname(url)) {
      // An API path no route answers is the same error as without the web app; a missing file is not.
      const code = url.startsWith('/api/') ? 'ROUTE_NOT_FOUND' : 'NOT_FOUND';
      return reply.code(404).send({ status: 0, message: 'Not found.', code });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
