import type { MailEventEntry } from '@nzeta/domain';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailEvents, mailMessages } from '../../db/schema';

export interface OrderMailEvent extends MailEventEntry {
  mail_id: number;
  kind: string;
  to_address: string;
}

/**
 * Every delivery event of the order's e-mails, oldest first, with the message each belongs to:
 * the provider's event time, type, bounce kind and reason, and each open and click with its
 * time (what evidence of delivery shows).
 */
export async function findMailEvents(db: DbOrTx, orderId: number): Promise<OrderMailEvent[]> {
  const rows = await db
    .select({
      id: mailEvents.id,
      mailId: mailEvents.mailId,
      kind: mailMessages.kind,
      toAddress: mailMessages.toAddress,
      provider: mailEvents.provider,
      event: mailEvents.event,
      occurredAt: mailEvents.occurredAt,
      reason: mailEvents.reason,
      bounceType: mailEvents.bounceType,
      url: mailEvents.url,
    })
    .from(mailEvents)
    .innerJoin(mailMessages, eq(mailMessages.id, mailEvents.mailId))
    .where(eq(mailMessages.orderId, orderId))
    .orderBy(asc(mailEvents.occurredAt), asc(mailEvents.id));
  return rows.map((row) => ({
    id: row.id,
    mail_id: row.mailId,
    kind: row.kind,
    to_address: row.toAddress,
    provider: row.provider,
    event: row.event as MailEventEntry['event'],
    occurred_at: new Date(row.occurredAt).toISOString(),
    reason: row.reason,
    bounce_type: row.bounceType,
    url: row.url,
  }));
}
