import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { startPeriodicJob } from '../../lib/periodic-job';
import { purgeExpiredCounters } from '../../lib/rate-counter';
import { purgeIdleSessions } from '../../lib/staff-session';

const EVERY_MS = 10 * 60_000;

/** Deletes ended throttle windows and idle sessions: at start, then every 10 minutes. */
export async function purgeExpiredAuthRows(
  db: Db,
  idleMinutes: number,
): Promise<{ counters: number; sessions: number }> {
  return { counters: await purgeExpiredCounters(db), sessions: await purgeIdleSessions(db, idleMinutes) };
}

export function startAuthHousekeeping(options: {
  db: Db;
  idleMinutes: number;
  log: Pick<FastifyBaseLogger, 'error'>;
}): { stop(): Promise<void> } {
  return startPeriodicJob(
    async () => {
      await purgeExpiredAuthRows(options.db, options.idleMinutes);
    },
    {
      intervalMs: EVERY_MS,
      onFailure: (err) => options.log.error({ err }, 'purging expired counters and sessions failed'),
    },
  );
}
