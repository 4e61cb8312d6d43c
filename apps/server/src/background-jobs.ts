import type { FastifyInstance } from 'fastify';

export interface BackgroundJobs {
  stop(): Promise<void>;
}

/** Work that runs beside the HTTP server: the mail outbox worker and housekeeping. */
export async function startBackgroundJobs(_app: FastifyInstance): Promise<BackgroundJobs> {
  return { async stop() {} };
}
