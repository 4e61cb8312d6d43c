import { EventEmitter } from 'node:events';
import type { Database } from '../db/client';

const CHANNEL = 'order_changes';
const NOTICE_CHANNEL = 'staff_notices';

/** A line for the console's notification area (a delivery failure, say). */
export interface StaffNotice {
  orderId?: number;
  message: string;
}

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
    const offChanges = await this.database.listen(CHANNEL, () => this.emitLocal());
    const offNotices = await this.database.listen(NOTICE_CHANNEL, (payload) => this.emitNotice(payload));
    this.unlisten = async () => {
      await offChanges();
      await offNotices();
    };
  }

  /** Tells every connected console, on every instance, of something staff should see. */
  notify(notice: StaffNotice): void {
    // NOTIFY payloads stop at 8,000 bytes; a notice is one line.
    const payload = JSON.stringify({ ...notice, message: notice.message.slice(0, 500) });
    if (this.database.engine === 'postgres') {
      this.database.notify(NOTICE_CHANNEL, payload).catch(() => this.emitNotice(payload));
    } else {
      this.emitNotice(payload);
    }
  }

  onNotice(listener: (notice: StaffNotice) => void): () => void {
    this.emitter.on('notice', listener);
    return () => this.emitter.off('notice', listener);
  }

  private emitNotice(payload: string): void {
    try {
      this.emitter.emit('notice', JSON.parse(payload) as StaffNotice);
    } catch {
      // not one of ours
    }
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
