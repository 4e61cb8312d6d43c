import { sql } from 'drizzle-orm';
import { Gauge, type Registry } from 'prom-client';
import { type Database, queryRows } from '../../db/client';
import { MAIL_KINDS } from '../mail';

/**
 * Read at each scrape. Only undelivered states are counted ('sent' rows are the whole mail
 * history): the outbox index on (state, next_attempt_at) keeps the scrape cheap at any size.
 */
export function collectMailOutbox(database: Database, registers: Registry[]): void {
  const oldest = new Gauge({
    name: 'nzeta_mail_oldest_undelivered_seconds',
    help: 'Age of the oldest message not yet handed to the provider (queued or sending), by kind; 0 when none',
    labelNames: ['kind'],
    registers,
  });
  new Gauge({
    name: 'nzeta_mail_outbox_messages',
    help: 'Messages in the outbox by state (queued, sending, failed) and kind',
    labelNames: ['state', 'kind'],
    registers,
    async collect() {
      const rows = await queryRows<{ state: string; kind: string; messages: number; age: number | null }>(
        database.db,
        sql`select state, kind, count(*)::int as messages,
              extract(epoch from now() - min(created_at))::float8 as age
            from mail_messages where state in ('queued', 'sending', 'failed') group by state, kind`,
      );
      this.reset();
      oldest.reset();
      for (const kind of MAIL_KINDS) {
        oldest.set({ kind }, 0);
        for (const state of ['queued', 'sending', 'failed']) this.set({ state, kind }, 0);
      }
      const ages = new Map<string, number>();
      for (const row of rows) {
        this.set({ state: row.state, kind: row.kind }, Number(row.messages));
        if (row.state !== 'failed') ages.set(row.kind, Math.max(ages.get(row.kind) ?? 0, Number(row.age ?? 0)));
      }
      for (const [kind, age] of ages) oldest.set({ kind }, age);
    },
  });
}

export function collectStaffLocks(database: Database, registers: Registry[]): void {
  new Gauge({
    name: 'nzeta_staff_accounts_locked',
    help: 'Staff accounts locked now after too many failed sign-ins',
    registers,
    async collect() {
      const [row] = await queryRows<{ locked: number }>(
        database.db,
        sql`select count(*)::int as locked from staff where locked_until > now() and deleted_at is null`,
      );
      this.set(Number(row?.locked ?? 0));
    },
  });
}
