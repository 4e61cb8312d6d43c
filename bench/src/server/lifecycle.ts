import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface ReadyMessage {
  ready: true;
  port: number;
}

/** Tells the benchmark (the parent process) where the server listens. */
export function announceReady(app: FastifyInstance): void {
  const { port } = app.server.address() as AddressInfo;
  const message: ReadyMessage = { ready: true, port };
  process.send?.(message);
}

/** SIGTERM or the parent going away: close cleanly so the exit report is printed. */
export function closeOnSignal(close: () => Promise<void>): void {
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
}
