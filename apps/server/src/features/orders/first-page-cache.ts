import type { DbOrTx } from '../../db/client';
import type { EventHub } from '../../lib/event-hub';
import { databaseClock } from './rollup-cache';

interface Entry<Page> {
  generation: number;
  loadedAt: number;
  /** when the load began, on the database's clock: the page holds every change committed before */
  at: Promise<number>;
  page: Promise<Page>;
}

/**
 * The first page of each folder listing, kept as the folder counts are (RollupCache) and ended by
 * the same signals: a change announced by this instance (EventHub.ordersChanged, before the
 * change's answer is sent) or heard from another one, `maxAgeMs` for writers that announce
 * nothing, and a read naming a change it saw (`seen`) that the page was loaded before. Every
 * console opens its folders at page one, after every change it hears of; planning the page's
 * query cost PostgreSQL as much as running it.
 *
 * Only first pages without a search or a cursor are kept, per member (My Orders is theirs alone)
 * and per everything else the request names; deeper pages and searches are read every time.
 */
export class FirstPageCache<Page> {
  private readonly entries = new Map<string, Entry<Page>>();

  constructor(
    private readonly events: Pick<EventHub, 'generation'>,
    private readonly maxAgeMs: number,
    private readonly maxEntries = 1_000,
  ) {}

  page(db: DbOrTx, key: string, seen: number | undefined, load: () => Promise<Page>): Promise<Page> {
    if (this.maxAgeMs <= 0) return load();
    const entry = this.current(key);
    if (!entry) return this.load(db, key, load).page;
    if (seen === undefined) return entry.page;
    return entry.at.then((at) => (at >= seen ? entry.page : this.load(db, key, load).page));
  }

  private current(key: string): Entry<Page> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.generation === this.events.generation && Date.now() - entry.loadedAt < this.maxAgeMs) return entry;
    this.entries.delete(key);
    return undefined;
  }

  private load(db: DbOrTx, key: string, load: () => Promise<Page>): Entry<Page> {
    const at = databaseClock(db);
    const entry: Entry<Page> = { generation: this.events.generation, loadedAt: Date.now(), at, page: at.then(load) };
    // The oldest entry makes room (Map keeps insertion order).
    if (this.entries.size >= this.maxEntries && !this.entries.has(key)) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
    // A failed load is not kept: the next request tries again.
    entry.page.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry;
  }
}
