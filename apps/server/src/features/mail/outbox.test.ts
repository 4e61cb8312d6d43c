import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { mailMessages } from '../../db/schema';
import { type EnqueueMailInput, enqueueMail, InvalidMailError, MAIL_OUTBOX_CHANNEL } from './outbox';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(() => database.reset());
afterAll(() => database.destroy());

const input: EnqueueMailInput = {
  kind: 'refund',
  provider: 'Sendgrid',
  to: 'traveller@example.org',
  subject: 'Refund confirmation - Order 100001',
  html: '<p>refunded</p>',
  text: 'refunded',
};

describe('enqueueMail', () => {
  it('queues a message that commits with the caller’s transaction', async () => {
    const { id, isNew } = await database.db.transaction((tx) => enqueueMail(tx, input));
    expect(isNew).toBe(true);
    const [row] = await database.db.select().from(mailMessages).where(eq(mailMessages.id, id));
    expect(row).toMatchObject({
      state: 'queued',
      attempts: 0,
      provider: 'Sendgrid',
      toAddress: 'traveller@example.org',
    });
    expect(row?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('leaves nothing behind when the caller’s transaction rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, input);
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await database.db.select().from(mailMessages)).toEqual([]);
  });

  it('queues one message per idempotency key', async () => {
    const first = await enqueueMail(database.db, { ...input, idempotencyKey: 'refund-100001' });
    const again = await enqueueMail(database.db, { ...input, idempotencyKey: 'refund-100001' });
    expect(again).toEqual({ id: first.id, idempotencyKey: 'refund-100001', isNew: false });
    expect(await database.db.select().from(mailMessages)).toHaveLength(1);
  });

  it.each([
    ['a CR/LF in the recipient', { to: 'a@example.org\r\nBcc: victim@example.org' }],
    ['a LF in the subject', { subject: 'Hello\nBcc: victim@example.org' }],
    ['two recipients', { to: 'a@example.org, b@example.org' }],
    ['an attachment without a source', { attachments: [{ filename: 'x.pdf', contentType: 'application/pdf' }] }],
  ])('rejects %s', async (_label, change) => {
    await expect(enqueueMail(database.db, { ...input, ...change })).rejects.toBeInstanceOf(InvalidMailError);
  });

  it('notifies the worker channel only when the transaction commits', async () => {
    const payloads: string[] = [];
    const unlisten = await database.listen(MAIL_OUTBOX_CHANNEL, (payload) => payloads.push(payload));
    await database.db
      .transaction(async (tx) => {
        await enqueueMail(tx, input);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const { id } = await database.db.transaction((tx) => enqueueMail(tx, input));
    await expect.poll(() => payloads).toEqual([String(id)]);
    await unlisten();
  });
});
