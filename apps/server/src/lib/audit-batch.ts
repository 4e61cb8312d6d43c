import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog, orders } from '../db/schema';
import type { AuditEntry } from './audit';

export interface AuditBatchOptions {
  /** rows written by one INSERT; that many waiting are written at once */
  batchRows: number;
  /** how long the first waiting row waits for others */
  delayMs: number;
  /** rows kept while the database refuses them; past this the oldest are dropped (and logged) */
  maxWaiting: number;
  /** the pause before a failed write is tried again (doubling up to 30 s) */
  retryMs: number;
}

interface Waiting {
  entry: AuditEntry;
  /** when it happened, not when it was written */
  at: string;
}

const DEFAULTS: AuditBatchOptions = { batchRows: 200, delayMs: 20, maxWaiting: 50_000, retryMs: 500 };

/**
 * Audit rows of frequent reads (the order detail's `order-viewed`) written in batches, off the
 * request's path: rows wait in memory and go as one multi-row INSERT when `batchRows` are waiting
 * or `delayMs` after the first, and on close. A failed write keeps its rows and is tried again;
 * rows are lost only past `maxWaiting` (logged as an error) or when the process dies with rows
 * still waiting (at most `delayMs` of them, or those of a database outage): docs/decisions.md.
 */
export class AuditBatch {
  private readonly options: AuditBatchOptions;
  private waiting: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private failures = 0;
  private dropped = 0;

  constructor(
    private readonly db: DbOrTx,
    private readonly log: { error(detail: object, message: string): void },
    options: Partial<AuditBatchOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  add(entry: AuditEntry): void {
    if (this.waiting.length >= this.options.maxWaiting) this.drop(this.waiting.length - this.options.maxWaiting + 1);
    this.waiting.push({ entry, at: new Date().toISOString() });
    // After a failure the retry timer decides when to write again.
    if (this.failures > 0) return;
    if (this.waiting.length >= this.options.batchRows) void this.write();
    else this.timer ??= setTimeout(() => void this.write(), this.options.delayMs);
  }

  /** Writes every row waiting now (a row added meanwhile too); resolves once done or failed. */
  async flush(): Promise<void> {
    await this.writing;
    await this.write();
  }

  /** rows not written yet (tests) */
  get size(): number {
    return this.waiting.length;
  }

  private write(): Promise<void> {
    this.writing ??= this.writeWaiting().finally(() => {
      this.writing = undefined;
    });
    return this.writing;
  }

  private async writeWaiting(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.waiting.length) {
      const rows = this.waiting.splice(0, this.options.batchRows);
      try {
        await insertRows(this.db, rows);
      } catch (err) {
        this.waiting.unshift(...rows);
        if (this.waiting.length > this.options.maxWaiting) this.drop(this.waiting.length - this.options.maxWaiting);
        this.failures++;
        const delayMs = Math.min(this.options.retryMs * 2 ** (this.failures - 1), 30_000);
        // The driver's error, not Drizzle's wrapper: that one lists the parameters (addresses, names).
        const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
        this.log.error({ err: cause, waiting: this.waiting.length, retryInMs: delayMs }, 'audit rows not written yet');
        this.timer = setTimeout(() => void this.write(), delayMs);
        this.timer.unref();
        return;
      }
      this.failures = 0;
    }
    if (this.dropped) {
      this.log.error({ dropped: this.dropped }, 'audit rows dropped while the database refused them');
      this.dropped = 0;
    }
  }

  private drop(count: number): void {
    if (!this.dropped) this.log.error({ dropped: count }, 'audit rows dropped: too many waiting');
    this.waiting.splice(0, count);
    this.dropped += count;
  }
}

/**
 * One INSERT for the batch. A row about an order erased since (its view waited here while the
 * erasure scrubbed the order's audit rows, migration 0006) is written without its address, as
 * the erasure would have left it.
 */
async function insertRows(db: DbOrTx, rows: Waiting[]): Promise<void> {
  const json = JSON.stringify(
    rows.map(({ entry, at }) => ({
      at,
      actor_id: entry.actorId ?? null,
      actor_name: entry.actorName ?? null,
      action: entry.action,
      target: entry.target ?? null,
      ip: entry.ip ?? null,
      outcome: entry.outcome ?? 'ok',
      detail: entry.detail ?? null,
    })),
  );
  await db.execute(sql`insert into ${auditLog} (at, actor_id, actor_name, action, target, ip, outcome, detail)
    select r.at, r.actor_id, r.actor_name, r.action, r.target, case when e.erased then null else r.ip end,
      r.outcome, case when e.erased then null else r.detail end
    from json_to_recordset(${json}::json) as r(at timestamptz, actor_id integer, actor_name text, action text,
      target text, ip text, outcome text, detail jsonb)
    cross join lateral (select exists (select 1 from ${orders} o where o.erased_at is not null
      and o.order_id = substring(r.target from '^(?:order:)?(\\d{1,15})$')::bigint) as erased) e`);
}
