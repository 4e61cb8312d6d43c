import type { DbOrTx } from '../src/db/client';
import { buildMailMessage } from '../src/db/factories';
import { documents, mailEvents, mailMessages } from '../src/db/schema';

type NewMail = Omit<Parameters<typeof buildMailMessage>[0], 'orderId'>;

/** An e-mail for insertMailRecords: its columns, whether it carries a document, its provider events. */
export type MailRecord = NewMail & {
  withDocument: boolean;
  events: Array<{ event: string; at: string; url: string | null }>;
};

/**
 * Inserts an order's uploaded documents (one per creation time) and e-mails with their delivery
 * events, as the property tests generate them. `key` keeps file names and mail keys unique across
 * calls. An e-mail with a document takes the documents in turn.
 */
export async function insertMailRecords(
  db: DbOrTx,
  orderId: number,
  key: string,
  records: { documents: string[]; mails: MailRecord[] },
): Promise<void> {
  const docs = records.documents.length
    ? await db
        .insert(documents)
        .values(
          records.documents.map((createdAt, i) => ({
            orderId,
            file1: `doc${key}-${i}.pdf`,
            contentType: 'application/pdf',
            size: 10,
            sha256: 'x',
            customerName: 'Ana Example',
            mailServiceProvider: 'AWS',
            createdAt,
          })),
        )
        .returning({ id: documents.id })
    : [];
  for (const [i, m] of records.mails.entries()) {
    const { events, withDocument, ...mail } = m;
    const [row] = await db
      .insert(mailMessages)
      .values(
        buildMailMessage({
          orderId,
          ...mail,
          idempotencyKey: `records:${key}:${i}`,
          documentId: withDocument ? (docs[i % Math.max(docs.length, 1)]?.id ?? null) : null,
        }),
      )
      .returning({ id: mailMessages.id });
    if (row && events.length) {
      await db.insert(mailEvents).values(
        events.map((e, j) => ({
          mailId: row.id,
          provider: 'sendgrid',
          event: e.event,
          providerEventId: `ev-${row.id}-${j}`,
          occurredAt: e.at,
          url: e.url,
        })),
      );
    }
  }
}
