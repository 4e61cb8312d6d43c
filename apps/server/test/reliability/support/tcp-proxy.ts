import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** connections currently forwarded */
  openConnections(): number;
  /** Closes the port and cuts every connection: the database looks down (refused, reset). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Forwards 127.0.0.1:<port> to the database server. Stopping it makes the database unreachable
 * for an app connected through it without touching the real server, which other tests share.
 */
export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;

  const listen = async () => {
    const next = createServer((client) => {
      const upstream = connect(targetPort, targetHost);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => next.listen(port, '127.0.0.1', resolve));
    const address = next.address();
    if (typeof address === 'object' && address) port = address.port;
    server = next;
  };

  const stop = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    openConnections: () => sockets.size / 2,
    stop,
    start: listen,
    close: stop,
  };
}
