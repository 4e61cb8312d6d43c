import type pg from 'pg';

/**
 * drizzle's transaction() checks a client out of the pool and sends BEGIN before the try whose
 * finally releases it (drizzle-orm 0.45). When BEGIN fails, on a connection the database has just
 * closed (a restart, a failover, pg_terminate_backend) before the pool noticed, that client is
 * never released. Once as many have failed as the pool has slots, every request waits for a slot
 * that never frees: the server answers 503 until it is restarted. Here a client checked out whole
 * (pool.connect() without a callback: transactions) is released with BEGIN's error as soon as BEGIN
 * fails, so the pool drops it; the release its holder may still call is then a no-op.
 */
export function releaseOnFailedBegin(pool: pg.Pool): void {
  const releases = new WeakMap<pg.PoolClient, (error?: Error) => void>();

  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const guarded = (config: unknown, ...rest: unknown[]) => {
      const result = query(config, ...rest);
      const release = releases.get(client);
      if (release && isBegin(config) && result instanceof Promise) {
        result.catch((error: unknown) => release(error instanceof Error ? error : new Error(String(error))));
      }
      return result;
    };
    client.query = guarded as typeof client.query;
  });

  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
  const connectWhole = async (): Promise<pg.PoolClient> => {
    const client = (await connect()) as pg.PoolClient;
    const release = client.release.bind(client);
    let isReleased = false;
    const releaseOnce = (error?: Error) => {
      if (isReleased) return;
      isReleased = true;
      releases.delete(client);
      release(error);
    };
    releases.set(client, releaseOnce);
    client.release = releaseOnce;
    return client;
  };
  // pool.query checks clients out with a callback and releases them itself.
  pool.connect = ((callback?: unknown) => (callback ? connect(callback) : connectWhole())) as typeof pool.connect;
}

function isBegin(config: unknown): boolean {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*begin\b/i.test(text);
}
