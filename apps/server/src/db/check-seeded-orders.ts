import { isDeliveredStatus, STATUSES } from '@nzeta/domain';
import { asc } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { documents, downloadHistory, mailMessages, orderActivity, orders, staff } from './schema';

export interface SeedCheck {
  orders: number;
  /** one line per broken rule: "<order id> (<status>): <what>" */
  problems: string[];
}

/** Groups rows by order id once, so the check stays linear at 100,000 orders and more. */
function byOrder<T extends { orderId: number | null }>(rows: T[]): Map<number | null, T[]> {
  const groups = new Map<number | null, T[]>();
  for (const row of rows) {
    const group = groups.get(row.orderId);
    if (group) group.push(row);
    else groups.set(row.orderId, [row]);
  }
  return groups;
}

const KNOWN_STATUSES: ReadonlySet<string> = new Set(STATUSES);

/**
 * Checks every order of a freshly seeded database against the lifecycle rules: its history starts
 * with intake and ends in its status, delivered and Pending orders carry their document and
 * approval e-mail, the processed-by credit is where the history put it, downloads are of its document.
 */
export async function checkSeededOrders(db: DbOrTx): Promise<SeedCheck> {
  const all = await db.select().from(orders);
  const activity = byOrder(await db.select().from(orderActivity).orderBy(asc(orderActivity.id)));
  const docs = byOrder(await db.select().from(documents));
  const mails = byOrder(await db.select().from(mailMessages));
  const downloads = byOrder(await db.select().from(downloadHistory));
  const members = new Set((await db.select({ id: staff.id }).from(staff)).map((m) => m.id));
  const problems: string[] = [];
  for (const order of all) {
    const id = order.orderId;
    const say = (problem: string) => problems.push(`${id} (${order.processStatus}): ${problem}`);
    const log = activity.get(id) ?? [];
    const moves = log.filter((a) => a.action === 'status-changed');
    if (!KNOWN_STATUSES.has(order.processStatus)) say('unknown status');
    if (log[0]?.action !== 'order-created') say('history does not start with intake');
    if ((moves.at(-1)?.toValue ?? 'New') !== order.processStatus) say('history does not end in its status');
    if (order.previousStatus !== (moves.at(-1)?.fromValue ?? null)) say('previous status is not the last move');
    let holder: string | null = null;
    for (const entry of moves) {
      if (entry.detail?.credit === 'given') holder = String(entry.detail.processedBy);
      if (entry.detail?.credit === 'withdrawn') holder = null;
    }
    if (holder !== order.processedBy) say('processed-by credit differs from the history');
    const doc = docs.get(id)?.[0];
    const approval = mails.get(id)?.find((m) => m.kind === 'approval');
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
    const seen = downloads.get(id) ?? [];
    if (seen.length && (!doc || seen.some((d) => d.file1 !== doc.file1)))
      say('visitor downloads without that document');
    if (order.refundDate && !['Refunds', 'Deleted'].includes(order.processStatus)) say('refunded outside Refunds');
    if (order.assignedTo !== null && !members.has(order.assignedTo)) say('claimed by nobody');
  }
  return { orders: all.length, problems };
}
