import { createHash } from 'node:crypto';
import { businessToday } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../src/db/client';
import { countFolders, loadRollupGroups } from '../../src/features/orders/get-folder-counts';
import { send, type Tally } from './client';
import type { ConsoleClient } from './console-client';
import type { Instance } from './instance';
import type { Rig } from './rig';
import { MOVED_TO, type Upload, type Workload } from './workload';

/**
 * With the workload held still: one more change through the balancer, then every console must
 * show the counts its member has in the database now (not as an instance may still have them
 * cached), within 2 s. Answers how long that took.
 */
export async function checkConsoles(
  tally: Tally,
  rig: Rig,
  database: Database,
  workload: Workload,
  consoles: ConsoleClient[],
  marker: { orderId: number; token: string },
  limitMs = 2000,
): Promise<number> {
  await workload.pause();
  try {
    await send(tally, rig.balancerUrl, {
      method: 'PUT',
      path: '/api/admin/change-order-status',
      route: 'PUT status',
      token: marker.token,
      json: { orderId: [marker.orderId], updatingStatus: MOVED_TO },
    });
    const started = Date.now();
    // Read again on every look: the mail worker still completes orders of earlier uploads.
    const matchDatabase = async () => {
      const today = businessToday();
      const groups = await loadRollupGroups(database.db, today);
      return consoles.every((c) => c.shows(countFolders(groups, { staffId: c.staffId, today })));
    };
    // Waits past the limit (up to 10 s) so a late console is measured, not only reported.
    while (!(await matchDatabase()) && Date.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const tookMs = Date.now() - started;
    if (tookMs > limitMs) {
      const today = businessToday();
      const groups = await loadRollupGroups(database.db, today);
      const late = consoles
        .map(
          (c) =>
            `${c.describe(started)} (${differences(c.counts, countFolders(groups, { staffId: c.staffId, today }))})`,
        )
        .join('; ');
      // What each instance answers now: a stale cache there, or a console that read too early.
      const now: string[] = [];
      const first = consoles[0];
      for (const instance of rig.instances) {
        if (!first || !instance.isRunning()) continue;
        const answer = await send(tally, instance.url, {
          method: 'GET',
          path: '/api/admin/get-folder-count',
          route: 'GET /api/admin/get-folder-count (each instance)',
          token: first.token,
        });
        const expected = countFolders(groups, { staffId: first.staffId, today });
        now.push(`${instance.name}: ${answer ? differences(answer.json().data, expected) : 'no answer'}`);
      }
      tally.lateConsoles.push(
        `consoles showed the change after ${tookMs} ms (limit ${limitMs}): ${late}; each instance now: ${now.join(', ')}`,
      );
    }
    return tookMs;
  } finally {
    workload.unpause();
  }
}

/** The counts that differ, as `field shown/expected`, or 'same'. */
function differences(shown: unknown, expected: Record<string, number>): string {
  const counts = (shown ?? {}) as Record<string, number>;
  const fields = Object.keys(expected).filter((key) => counts[key] !== expected[key]);
  return fields.length ? fields.map((key) => `${key} ${counts[key]}/${expected[key]}`).join(' ') : 'same';
}

/** Every acknowledged upload, read from every instance directly, byte for byte. */
export async function checkUploads(tally: Tally, instances: Instance[], uploads: Upload[], token: string) {
  let checked = 0;
  for (const upload of uploads) {
    for (const instance of instances) {
      const answer = await send(tally, instance.url, {
        method: 'GET',
        path: `/api/admin/documents/${upload.orderId}/${upload.file1}`,
        route: 'GET document (staff, each instance)',
        token,
      });
      if (!answer) continue;
      if (createHash('sha256').update(answer.body).digest('hex') === upload.sha256) checked++;
      else tally.failures.push(`${instance.name}: ${upload.file1} differs from what was uploaded`);
    }
  }
  return checked;
}

/** Waits for the outbox to empty, then compares it with what the provider accepted. */
export async function checkMail(tally: Tally, database: Database, rig: Rig) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [open] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from mail_messages where state not in ('sent', 'failed')`,
    );
    if (!open?.n) break;
    if (Date.now() > deadline) {
      tally.failures.push(`${open.n} e-mails still queued 60 s after the workload`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const rows = await queryRows<{ idempotency_key: string; state: string }>(
    database.db,
    sql`select idempotency_key, state from mail_messages`,
  );
  const accepted = rig.acceptedMails();
  let sent = 0;
  for (const row of rows) {
    const times = accepted.get(row.idempotency_key) ?? 0;
    if (row.state !== 'sent') tally.failures.push(`mail ${row.idempotency_key} ended ${row.state}`);
    else if (times === 0) tally.failures.push(`mail ${row.idempotency_key} marked sent, never accepted`);
    else sent++;
  }
  return { messages: rows.length, sent, duplicates: rig.duplicateMails() };
}

/** Each claimed order claimed once, each moved order moved once, each upload stored once. */
export async function checkOrders(tally: Tally, database: Database, workload: Workload) {
  const activity = await queryRows<{ order_id: string; action: string; n: number }>(
    database.db,
    sql`select order_id, action, count(*)::int as n from order_activity
      where action in ('status-changed', 'assigned') group by order_id, action`,
  );
  const times = (orderId: number, action: string) =>
    activity.find((row) => Number(row.order_id) === orderId && row.action === action)?.n ?? 0;
  let changedTwice = 0;
  for (const id of workload.moved) if (times(id, 'status-changed') !== 1) changedTwice++;
  for (const id of workload.claimed) if (times(id, 'assigned') !== 1) changedTwice++;
  const documents = await queryRows<{ order_id: string; n: number }>(
    database.db,
    sql`select order_id, count(*)::int as n from documents group by order_id having count(*) > 1`,
  );
  changedTwice += documents.length;
  if (changedTwice) tally.failures.push(`${changedTwice} orders changed other than exactly once`);
  return changedTwice;
}
