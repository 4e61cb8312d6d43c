import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type DbOrTx, queryRows } from '../../db/client';
import type { EventHub } from '../../lib/event-hub';
import { loadRollupGroups, type RollupGroup } from './get-folder-counts';

/** `?seen=`: the `at` of the last change the console heard of (EventHub's OrdersChange). */
export const seenChange = z.coerce.number().positive().optional();

/**
 * Now on the database's clock (ms since 1970), the clock `seen` is told in. Read before a load,
 * it is no later than what the load sees.
 */
export async function databaseClock(db: DbOrTx): Promise<number> {
  const [clock] = await queryRows<{ at: number }>(
    db,
    sql`select (extract(epoch from statement_timestamp()) * 1000)::float8 as at`,
  );
  return Number(clock?.at);
}

interface Loaded {
  /** when the load began, on the database's clock (ms since 1970): it sees what committed before */
  at: number;
  groups: RollupGroup[];
}

interface Entry {
  today: string;
  generation: number;
  loadedAt: number;
  loaded: Promise<Loaded>;
  groups: Promise<RollupGroup[]>;
}

/**
 * The folder rollup as of the last change this process heard of. Every console asks for the
 * fourteen counts on every page and after every change, and planning plus grouping the rollup was
 * most of what PostgreSQL spent on them.
 *
 * A change announced here (EventHub.ordersChanged) ends the entry at once, before the answer of
 * the change is sent, so the member who made it reads the new counts; a change made by another
 * instance ends it when its notification arrives. Writers that announce nothing (a script against
 * the database) are seen within `maxAgeMs`. A load that started before a change is not kept.
 *
 * A console hears of a change from the instance holding its event stream, and its next read may
 * reach another instance that has not heard of it yet: the read then names the change it saw
 * (`seen`, the database time of the announcement), and an entry loaded before that is loaded
 * again. A made-up `seen` costs one load per request, as FOLDER_COUNTS_MAX_AGE_MS=0 would.
 */
export class RollupCache {
  private entry: Entry | undefined;

  constructor(
    private readonly events: Pick<EventHub, 'generation'>,
    private readonly maxAgeMs: number,
  ) {}

  groups(db: DbOrTx, today: string, seen?: number): Promise<RollupGroup[]> {
    const entry = this.current(today);
    if (entry) {
      if (seen === undefined) return entry.groups;
      return entry.loaded.then((loaded) =>
        loaded.at >= seen ? loaded.groups : this.loadedSince(db, today, seen, entry),
      );
    }
    if (this.maxAgeMs <= 0) return loadRollupGroups(db, today);
    return this.load(db, today).groups;
  }

  /**
   * The entry that replaced a stale one, when it began after `seen` (requests that found the same
   * entry stale share it), otherwise one new load: never more, `seen` may lie in the future.
   */
  private loadedSince(db: DbOrTx, today: string, seen: number, stale: Entry): Promise<RollupGroup[]> {
    const entry = this.current(today);
    if (!entry || entry === stale) return this.load(db, today).groups;
    return entry.loaded.then((loaded) => (loaded.at >= seen ? loaded.groups : this.load(db, today).groups));
  }

  private current(today: string): Entry | undefined {
    const entry = this.entry;
    const isCurrent =
      entry &&
      entry.today === today &&
      entry.generation === this.events.generation &&
      Date.now() - entry.loadedAt < this.maxAgeMs;
    return isCurrent ? entry : undefined;
  }

  private load(db: DbOrTx, today: string): Entry {
    const loaded = (async (): Promise<Loaded> => {
      const at = await databaseClock(db);
      return { at, groups: await loadRollupGroups(db, today) };
    })();
    const fresh: Entry = {
      today,
      generation: this.events.generation,
      loadedAt: Date.now(),
      loaded,
      groups: loaded.then((l) => l.groups),
    };
    this.entry = fresh;
    // A failed load is not kept: the next request tries again. Its error reaches the requests
    // that wait for it; `groups` may have none (a read naming a change waits on `loaded`).
    loaded.catch(() => {
      if (this.entry === fresh) this.entry = undefined;
    });
    fresh.groups.catch(() => undefined);
    return fresh;
  }
}
