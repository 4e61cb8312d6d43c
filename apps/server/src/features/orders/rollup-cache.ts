import type { DbOrTx } from '../../db/client';
import type { EventHub } from '../../lib/event-hub';
import { loadRollupGroups, type RollupGroup } from './get-folder-counts';

interface Entry {
  today: string;
  generation: number;
  loadedAt: number;
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
 */
export class RollupCache {
  private entry: Entry | undefined;

  constructor(
    private readonly events: Pick<EventHub, 'generation'>,
    private readonly maxAgeMs: number,
  ) {}

  groups(db: DbOrTx, today: string): Promise<RollupGroup[]> {
    const generation = this.events.generation;
    const now = Date.now();
    const entry = this.entry;
    if (entry && entry.today === today && entry.generation === generation && now - entry.loadedAt < this.maxAgeMs) {
      return entry.groups;
    }
    if (this.maxAgeMs <= 0) return loadRollupGroups(db, today);
    const groups = loadRollupGroups(db, today);
    const fresh: Entry = { today, generation, loadedAt: now, groups };
    this.entry = fresh;
    // A failed load is not kept: the next request tries again.
    groups.catch(() => {
      if (this.entry === fresh) this.entry = undefined;
    });
    return groups;
  }
}
