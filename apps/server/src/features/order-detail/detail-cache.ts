import type { OrderDetail } from '@nzeta/domain';
import type { Database } from '../../db/client';
import { STAFF_CHANGES_CHANNEL } from '../../lib/member-cache';
import { ORDER_DETAIL_CHANGES_CHANNEL, orderOfNotice } from '../../lib/order-change-notices';

interface Entry {
  detail: OrderDetail;
  storedAt: number;
  /** the listening connection that would have heard of a change since (Database.listenerEpoch) */
  epoch: number;
}

/**
 * The staff order detail, answered from memory per order until something that could change it is
 * heard of (the pattern of MemberCache, lib/member-cache.ts):
 *  - this instance's own writes end the orders they name before their answer is sent (forget,
 *    forgetAll: see forget-written-orders.ts), so a refetch here already sees them;
 *  - every writer's changes (another instance, the mail worker, a webhook, a script) are announced
 *    by migration 0018's triggers on every table the answer reads, and a staff rename or deletion
 *    (the assignee's name) by migration 0014's: they end entries when the notification arrives
 *    (PGlite: as the statement commits; PostgreSQL: through LISTEN/NOTIFY);
 *  - fail safe: while the listening connection is down, and for what was kept before it was lost,
 *    nothing is answered from memory;
 *  - an entry serves for `maxAgeMs` at most, however quiet the notifications.
 * An unknown order is never kept, so a new order needs no notice.
 */
export class OrderDetailCache {
  private readonly entries = new Map<number, Entry>();
  /** goes up with every change heard of: a load that began before one is not kept */
  private generation = 0;
  private isListening = false;
  private readonly unlisten: Array<() => Promise<void>> = [];

  constructor(
    private readonly database: Pick<Database, 'listen' | 'listenerEpoch'>,
    private readonly maxAgeMs: number,
    private readonly maxEntries = 1_000,
  ) {}

  async start(): Promise<void> {
    if (this.maxAgeMs <= 0) return;
    this.unlisten.push(await this.database.listen(ORDER_DETAIL_CHANGES_CHANNEL, (payload) => this.heard(payload)));
    // Any staff change may be a rename of some order's assignee.
    this.unlisten.push(await this.database.listen(STAFF_CHANGES_CHANNEL, () => this.forgetAll()));
    this.isListening = true;
  }

  async stop(): Promise<void> {
    this.isListening = false;
    this.forgetAll();
    for (const off of this.unlisten.splice(0)) await off();
  }

  /** The detail of an order: from memory while it may be, otherwise from `load`. */
  async get(orderId: number, load: () => Promise<OrderDetail | undefined>): Promise<OrderDetail | undefined> {
    const kept = this.entries.get(orderId);
    if (kept && this.isCurrent(kept)) return kept.detail;
    if (kept) this.entries.delete(orderId);
    const generation = this.generation;
    const epoch = this.database.listenerEpoch();
    const detail = await load();
    const isKept =
      detail &&
      this.isListening &&
      epoch !== undefined &&
      epoch === this.database.listenerEpoch() &&
      generation === this.generation;
    if (isKept) this.store(orderId, { detail, storedAt: Date.now(), epoch });
    return detail;
  }

  /** Ends the entry of one order: call once a change to it committed. */
  forget(orderId: number): void {
    this.generation++;
    this.entries.delete(orderId);
  }

  /** Ends every entry (a change every answer may show, or a notification may be lost). */
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

  private store(orderId: number, entry: Entry): void {
    this.entries.delete(orderId);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(orderId, entry);
  }

  private heard(payload: string): void {
    const order = orderOfNotice(payload);
    if (order === 'all') this.forgetAll();
    else this.forget(order);
  }
}
