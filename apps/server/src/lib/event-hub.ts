import { EventEmitter, once } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

const CHANNEL = 'order_changes';
const NOTICE_CHANNEL = 'staff_notices';

/**
 * A change as a console hears of it. `at`: when it was announced, on the database's clock (ms
 * since 1970), once it had committed; a console passes it back with its next read (`seen`) so
 * an instance that has not heard of the change yet does not answer from an older cache
 * (RollupCache). Undefined on PGlite (one process) and after a lost listening connection.
 */
export interface OrdersChange {
  at?: number;
}

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
  private isStopped = false;
  // Own signals sent through PostgreSQL and not yet heard back (settled).
  private unheard = 0;

  constructor(private readonly database: Database) {
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    if (this.database.engine !== 'postgres') return;
    const offChanges = await this.database.listen(CHANNEL, (payload) => {
      this.heard();
      this.emitLocal(announcedAt(payload));
    });
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

  /**
   * Announces a change that has committed (announced earlier, another instance could read and
   * keep the counts without it); bursts within 100 ms are coalesced into one signal.
   */
  ordersChanged(): void {
    this.changes++;
    // Stopping: sent at once, a timer would not outlive the process (the mail worker still
    // finishes its messages then).
    if (this.isStopped) return void this.signal();
    if (this.pending) return;
    this.pending = setTimeout(() => {
      this.pending = undefined;
      void this.signal();
    }, 100);
    this.pending.unref();
  }

  /**
   * Resolves once every change announced here has been signalled (at once if it was waiting out
   * its 100 ms) and, on PostgreSQL, heard back, or after `waitMs`: a test that means to see a
   * cache kept waits for its own earlier changes to end it first.
   */
  async settled(waitMs = 2_000): Promise<void> {
    if (this.pending) {
      clearTimeout(this.pending);
      this.pending = undefined;
      await this.signal();
    }
    if (this.unheard === 0) return;
    await once(this.emitter, 'settled', { signal: AbortSignal.timeout(waitMs) }).catch(() => undefined);
  }

  onOrdersChanged(listener: (change: OrdersChange) => void): () => void {
    this.emitter.on('orders', listener);
    return () => this.emitter.off('orders', listener);
  }

  async stop(): Promise<void> {
    this.isStopped = true;
    // A change announced in the last 100 ms still reaches the other instances' consoles.
    if (this.pending) {
      clearTimeout(this.pending);
      this.pending = undefined;
      await this.signal();
    }
    await this.unlisten?.();
  }

  private async signal(): Promise<void> {
    if (this.database.engine !== 'postgres') return this.emitLocal({});
    // The time is the database's, the one clock every instance's cache compares with.
    this.unheard++;
    await this.database.db
      .execute(sql`select pg_notify(${CHANNEL}, (extract(epoch from clock_timestamp()) * 1000)::float8::text)`)
      .catch(() => {
        this.heard();
        this.emitLocal({});
      });
  }

  // Notices arrive in commit order, so any notice heard stands for the oldest one sent.
  private heard(): void {
    this.unheard = Math.max(0, this.unheard - 1);
    if (this.unheard === 0) this.emitter.emit('settled');
  }

  private emitLocal(change: OrdersChange = {}): void {
    this.changes++;
    this.emitter.emit('orders', change);
  }
}

function announcedAt(payload: string): OrdersChange {
  const at = Number(payload);
  return payload && Number.isFinite(at) && at > 0 ? { at } : {};
}
