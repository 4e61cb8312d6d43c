import type { Database } from '../db/client';

/** Announced by the database's triggers (migration 0014): 'member:<id>', or '*' for every member. */
export const STAFF_CHANGES_CHANNEL = 'staff_changes';

/** What the member check of a staff request needs to know of a member and one of their sessions. */
export interface MemberCheck {
  id: number;
  name: string;
  type: string;
  tokenVersion: number;
  mfaEnabled: boolean;
  /** the Admin's REQUIRE_MFA setting */
  mfaRequired: boolean;
  /** when the session was last seen; null: no such session (ended, or never started) */
  lastSeenAt: string | null;
}

interface Entry {
  check: MemberCheck;
  storedAt: number;
  /** the listening connection that would have heard of a change since (Database.listenerEpoch) */
  epoch: number;
}

/**
 * The member check of every staff request, answered from memory (per member and session) until
 * something that could change its answer is heard of:
 *  - this instance's own changes end the member's entries at once, before their answer is sent
 *    (forgetMember, forgetAll), so the next request on this instance already sees them;
 *  - every writer's changes (another instance, a script) are announced by the database's triggers
 *    on staff, staff_sessions and the REQUIRE_MFA setting, and end them when the notification
 *    arrives (PGlite: as the statement commits; PostgreSQL: through LISTEN/NOTIFY);
 *  - fail safe: while the listening connection is down, and for what was kept before it was lost,
 *    nothing is answered from memory (every check reads the database, as with `maxAgeMs` 0);
 *  - an entry serves for `maxAgeMs` at most, however quiet the notifications.
 * A refusal (no such member or session) is never kept. The last-seen time is kept here too: a
 * request that finds it a minute old writes it (touchSession) and moves it on.
 */
export class MemberCache {
  private readonly entries = new Map<string, Entry>();
  /** goes up with every change heard of: a load that began before one is not kept */
  private generation = 0;
  private isListening = false;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Pick<Database, 'listen' | 'listenerEpoch'>,
    private readonly maxAgeMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  async start(): Promise<void> {
    if (this.maxAgeMs <= 0) return;
    this.unlisten = await this.database.listen(STAFF_CHANGES_CHANNEL, (payload) => this.heard(payload));
    this.isListening = true;
  }

  async stop(): Promise<void> {
    this.isListening = false;
    this.forgetAll();
    await this.unlisten?.();
  }

  /** The member check of (member, session): from memory while it may be, otherwise from `load`. */
  async check(
    memberId: number,
    sid: string,
    load: () => Promise<MemberCheck | undefined>,
  ): Promise<MemberCheck | undefined> {
    const key = `${memberId}:${sid}`;
    const kept = this.entries.get(key);
    if (kept && this.isCurrent(kept)) return kept.check;
    if (kept) this.entries.delete(key);
    const generation = this.generation;
    const epoch = this.database.listenerEpoch();
    const check = await load();
    const isKept =
      check?.lastSeenAt &&
      this.isListening &&
      epoch !== undefined &&
      epoch === this.database.listenerEpoch() &&
      generation === this.generation;
    if (isKept) this.store(key, { check, storedAt: Date.now(), epoch });
    return check;
  }

  /** Ends the entries of one member: call once a change to the member or a session committed. */
  forgetMember(memberId: number): void {
    this.generation++;
    const prefix = `${memberId}:`;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  /** Ends every entry (a setting every check reads changed, or a notification may be lost). */
  forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }

  /** entries kept now (tests) */
  get size(): number {
    return this.entries.size;
  }

  private isCurrent(entry: Entry): boolean {
    return (
      this.isListening && entry.epoch === this.database.listenerEpoch() && Date.now() - entry.storedAt < this.maxAgeMs
    );
  }

  private store(key: string, entry: Entry): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }

  /** '' (heard after a reconnection: notifications may have been lost) and anything unknown end every entry. */
  private heard(payload: string): void {
    const member = /^member:(\d+)$/.exec(payload);
    if (member) this.forgetMember(Number(member[1]));
    else this.forgetAll();
  }
}
