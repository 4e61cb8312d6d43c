import { DELIVERED_STATUSES, isDeliveredStatus, STATUSES } from '@nzeta/domain';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, downloadHistory, mailMessages, orderActivity, orders, staff } from '../../src/db/schema';
import { seedDemoData } from '../../src/db/seed';
import { getProcessedByCount } from '../../src/features/reports/get-processed-by-count';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, { orders: 300, seed: 12 });
});
afterAll(() => t.close());

describe('demo data, made through the lifecycle', () => {
  it('every seeded order satisfies the rules', async () => {
    const db = t.database.db;
    const all = await db.select().from(orders);
    const activity = await db.select().from(orderActivity).orderBy(asc(orderActivity.id));
    const docs = await db.select().from(documents);
    const mails = await db.select().from(mailMessages);
    const downloads = await db.select().from(downloadHistory);
    const members = new Set((await db.select().from(staff)).map((m) => m.id));
    expect(all).toHaveLength(300);
    const problems: string[] = [];
    for (const order of all) {
      const id = order.orderId;
      const say = (problem: string) => problems.push(`${id} (${order.processStatus}): ${problem}`);
      const log = activity.filter((a) => a.orderId === id);
      const moves = log.filter((a) => a.action === 'status-changed');
      if (!(STATUSES as readonly string[]).includes(order.processStatus)) say('unknown status');
      if (log[0]?.action !== 'order-created') say('history does not start with intake');
      if ((moves.at(-1)?.toValue ?? 'New') !== order.processStatus) say('history does not end in its status');
      if (order.previousStatus !== (moves.at(-1)?.fromValue ?? null)) say('previous status is not the last move');
      const doc = docs.find((d) => d.orderId === id);
      const approval = mails.find((m) => m.orderId === id && m.kind === 'approval');
      const delivered = !!order.processedBy;
      if (delivered || order.processStatus === 'Pending') {
        if (!doc) say('no document');
        if (approval?.documentId !== doc?.id) say('approval e-mail does not carry the document');
        if (!log.some((a) => a.action === 'document-uploaded')) say('no upload in the history');
      }
      if (delivered && approval?.state !== 'sent') say('approval e-mail not sent');
      if (order.processStatus === 'Pending' && approval?.state !== 'queued') say('approval e-mail not queued');
      if (order.processedBy && !isDeliveredStatus(order.processStatus) && order.processStatus !== 'Deleted') {
        say('credited outside the delivered statuses');
      }
      if (
        downloads.some((d) => d.orderId === id) &&
        (!doc || downloads.some((d) => d.orderId === id && d.file1 !== doc.file1))
      ) {
        say('visitor downloads without that document');
      }
      if (order.refundDate && !['Refunds', 'Deleted'].includes(order.processStatus)) say('refunded outside Refunds');
      if (order.assignedTo !== null && !members.has(order.assignedTo)) say('claimed by nobody');
    }
    expect(problems).toEqual([]);
  });

  it('the Order Processed report equals a recount from the histories', async () => {
    const db = t.database.db;
    const all = await db.select().from(orders);
    const activity = await db.select().from(orderActivity).orderBy(asc(orderActivity.id));
    const holder = new Map<number, string | null>();
    for (const entry of activity) {
      if (entry.detail?.credit === 'given') holder.set(entry.orderId, String(entry.detail.processedBy));
      if (entry.detail?.credit === 'withdrawn') holder.set(entry.orderId, null);
    }
    const recount = new Map<string, number>();
    for (const order of all) {
      const name = holder.get(order.orderId);
      if (name && (DELIVERED_STATUSES as readonly string[]).includes(order.processStatus)) {
        recount.set(name, (recount.get(name) ?? 0) + 1);
      }
    }
    const report = await getProcessedByCount(db, {}, 'UTC');
    expect(new Map(report.map((r) => [r.processed_by, r.count]))).toEqual(recount);
    expect(report.length).toBeGreaterThan(0);
  });
});
