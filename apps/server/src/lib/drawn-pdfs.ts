import { createHash } from 'node:crypto';
import type { Database } from '../db/client';
import { ORDER_DETAIL_CHANGES_CHANNEL, orderOfNotice } from './order-change-notices';

export interface DrawnPdfsOptions {
  /** how long a drawn PDF is handed out again at most; 0 keeps none */
  maxAgeMs: number;
  /** the most PDFs kept, and their bytes at most: the least recently used go first */
  maxEntries?: number;
  maxBytes?: number;
}

/** What is drawn: a PDF, or a PDF with what was learnt drawing it (an evidence bundle's summary). */
export type Drawn = Buffer | { pdf: Buffer };

/** Everything a drawing depends on, the job's name first: the key's material. */
export type DrawInputs = [job: string, ...rest: unknown[]];

interface Entry {
  orderId: number;
  drawn: Promise<Drawn>;
  bytes: number;
  storedAt: number;
}

/**
 * PDFs already drawn (defence packs, evidence bundles), handed out again for the same inputs: a
 * letter is a pure function of what it is drawn from, so the key is a digest of all of it (the
 * job, the evidence as read for this request, the pack or dispute, the letter's day, the time
 * zone), and a change to the order can never be answered with an older letter: its evidence, and
 * so its key, differ. Drawing is most of a pack's cost (about 5 ms of a core) and a bundle may
 * take four drawings to fit its network's limits; staff print a pack, look at it and print it
 * again, and the chargeback panel asks for the bundle's summary on every open and every pushed
 * change, then for the bundle itself. Two requests for the same letter at once share one drawing.
 *
 * The letters hold personal data: each entry belongs to its order and goes as soon as a change
 * to that order is heard of (the database's change notices, lib/order-change-notices.ts), so an
 * erasure leaves no drawn letter behind; the rest goes at `maxAgeMs`.
 */
export class DrawnPdfs {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly options: DrawnPdfsOptions) {
    this.maxEntries = options.maxEntries ?? 256;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  }

  async start(database: Pick<Database, 'listen'>): Promise<void> {
    if (this.options.maxAgeMs <= 0) return;
    this.unlisten = await database.listen(ORDER_DETAIL_CHANGES_CHANNEL, (payload) => {
      const order = orderOfNotice(payload);
      if (order === 'all') this.forgetAll();
      else this.forgetOrder(order);
    });
  }

  async stop(): Promise<void> {
    this.forgetAll();
    await this.unlisten?.();
    this.unlisten = undefined;
  }

  /**
   * What `draw` draws from `inputs` for `orderId`, kept from an earlier request or drawn now.
   * `inputs` must hold everything the drawing depends on, the job's name first.
   */
  get<T extends Drawn>(orderId: number, inputs: DrawInputs, draw: () => Promise<T>): Promise<T> {
    if (this.options.maxAgeMs <= 0) return draw();
    const key = digestOf(inputs);
    const kept = this.entries.get(key);
    if (kept && Date.now() - kept.storedAt < this.options.maxAgeMs) {
      // most recently used last: the oldest goes first
      this.entries.delete(key);
      this.entries.set(key, kept);
      // the same job's inputs under the same digest: the same kind of value
      return kept.drawn as Promise<T>;
    }
    if (kept) this.remove(key, kept);
    const drawn = draw();
    const entry: Entry = { orderId, drawn, bytes: 0, storedAt: Date.now() };
    this.entries.set(key, entry);
    drawn.then(
      (value) => {
        // Gone meanwhile (a change heard of, a bound reached): a drawing already begun is not kept.
        if (this.entries.get(key) !== entry) return;
        entry.bytes = (Buffer.isBuffer(value) ? value : value.pdf).length;
        this.bytes += entry.bytes;
        this.evictOverBounds();
      },
      () => this.entries.get(key) === entry && this.remove(key, entry),
    );
    return drawn;
  }

  /** Ends every letter of an order: call once a change to it is heard of. */
  forgetOrder(orderId: number): void {
    for (const [key, entry] of this.entries) if (entry.orderId === orderId) this.remove(key, entry);
  }

  forgetAll(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** letters kept now, and their bytes (tests) */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private evictOverBounds(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) return;
      this.remove(key, entry);
    }
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** Dates are written as their ISO text by JSON.stringify, so equal inputs give equal digests. */
function digestOf(inputs: unknown): string {
  return createHash('sha256').update(JSON.stringify(inputs)).digest('base64url');
}
