import { EventEmitter } from 'node:events';
import type { Database } from '../db/client';

const CHANNEL = 'order_changes';

/**
 * Tells every connected console that orders changed. On PostgreSQL the signal goes through
 * LISTEN/NOTIFY so every server instance hears it; on PGlite there is one process anyway.
 */
export class EventHub {
  private readonly emitter = new EventEmitter();
  private unlisten: (() => Promise<void>) | undefined;
  private pending: NodeJS.Timeout | undefined;
  private changes = 0;

  constructor(private readonly database: Database) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    if (this.database.engine !== 'postgres') return;
    this.unlisten = await this.database.listen(CHANNEL, () => this.emitLocal());
  }

  /**
   * Goes up with every change announced here or heard from another instance: what was read
   * before a change is stale once it moved (RollupCache).
   */
  get generation(): number {
    return this.changes;
  }

  /** Announces a change; bursts within 100 ms are coalesced into one signal. */
  ordersChanged(): void {
    this.changes++;
    if (this.pending) return;
    this.pending = setTimeout(() => {
      this.pending = undefined;
      if (this.database.engine === 'postgres') {
        this.database.notify(CHANNEL, '').catch(() => this.emitLocal());
      } else {
        this.emitLocal();
      }
    }, 100);
    this.pending.unref();
  }

  onOrdersChanged(listener: () => void): () => void {
    this.emitter.on('orders', listener);
    return () => this.emitter.off('orders', listener);
  }

  async stop(): Promise<void> {
    if (this.pending) clearTimeout(this.pending);
    await this.unlisten?.();
  }

  private emitLocal(): void {
    this.changes++;
    this.emitter.emit('orders');
  }
}
