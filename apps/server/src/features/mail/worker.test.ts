import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { queryRows } from '../../db/client';
import { mailMessages, orders } from '../../db/schema';
import { createLocalStorage, type LocalDocumentStorage } from '../documents/storage';
import { type EnqueueMailInput, enqueueMail } from './outbox';
import { createSendgridTransport } from './providers/sendgrid';
import { createSesTransport } from './providers/ses';
import type { MailTransport, MailTransports, OutgoingMail } from './providers/types';
import { type CaptureServer, startCaptureServer } from './testing/capture-server';
import { type MailWorker, type MailWorkerOptions, startMailWorker } from './worker';

let database: TestDatabase;
let server: CaptureServer;
let dataDir: string;
let storage: LocalDocumentStorage;
const workers: MailWorker[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startCaptureServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'nzeta-worker-'));
  storage = createLocalStorage(dataDir);
});
beforeEach(async () => {
  await database.reset();
  server.requests.length = 0;
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});
afterAll(async () => {
  await database.destroy();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Records what it is asked to send; never touches the network. */
function recordingTransport(delayMs = 0): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    name: 'file',
    sent,
    async send(message) {
      sent.push(message);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { providerMessageId: `rec-${sent.length}` };
    },
  };
}

function worker(transports: MailTransports, extra: Partial<MailWorkerOptions> = {}): MailWorker {
  const started = startMailWorker({
    db: database.db,
    transports,
    storage,
    from: 'NZeTA Service <no-reply@example.com>',
    renderAttachment: async () => Buffer.from('%PDF-1.4 invoice\n%%EOF\n'),
    // No background polling: each test drives rounds with runOnce().
    pollMs: 3_600_000,
    ...extra,
  });
  workers.push(started);
  return started;
}

const message = (overrides: Partial<EnqueueMailInput> = {}): EnqueueMailInput => ({
  kind: 'approval',
  provider: 'AWS',
  to: 'traveller@example.org',
  subject: 'Your NZeTA has been approved - Order 100001',
  html: '<p>approved</p>',
  text: 'approved',
  ...overrides,
});

const rowOf = async (id: number) => (await database.db.select().from(mailMessages).where(eq(mailMessages.id, id)))[0]!;
const secondsUntilNextAttempt = async (id: number) =>
  Number(
    (
      await queryRows<{ s: string }>(
        database.db,
        sql`select extract(epoch from next_attempt_at - now()) as s from mail_messages where id = ${id}`,
      )
    )[0]?.s,
  );

describe('mail worker', () => {
  it('delivers a queued message with its document and generated invoice, then calls onDelivered', async () => {
    server.respondWith(() => ({ status: 200, body: { MessageId: 'ses-42' } }));
    const ses = createSesTransport({
      region: 'ap-southeast-2',
      accessKeyId: 'AKID',
      secretAccessKey: 's',
      endpoint: server.url,
    });
    const [order] = await database.db
      .insert(orders)
      .values({ email: 'traveller@example.org', processStatus: 'Pending' })
      .returning();
    const file1 = 'approvedDocument01.pdf';
    await storage.put(file1, Buffer.from('%PDF-1.4 approved\n%%EOF\n'));
    const { id } = await database.db.transaction((tx) =>
      enqueueMail(
        tx,
        message({
          orderId: order!.orderId,
          attachments: [
            { filename: 'nzeta.pdf', contentType: 'application/pdf', file1 },
            { filename: 'invoice.pdf', contentType: 'application/pdf', generated: 'invoice' },
          ],
        }),
      ),
    );
    const delivered: number[] = [];
    let seenAfterCommit: Promise<string | undefined> | undefined;
    const w = worker(
      { AWS: ses, Sendgrid: recordingTransport() },
      {
        onDelivered: async (tx, sent) => {
          delivered.push(sent.id);
          await tx.update(orders).set({ processStatus: 'Completed' }).where(eq(orders.orderId, sent.orderId!));
          // What it answers runs once the change is visible to every other connection.
          return () => {
            seenAfterCommit = database.db
              .select()
              .from(orders)
              .where(eq(orders.orderId, sent.orderId!))
              .then(([row]) => row?.processStatus);
          };
        },
      },
    );

    expect(await w.runOnce()).toBe(1);
    expect(await rowOf(id)).toMatchObject({
      state: 'sent',
      attempts: 1,
      transport: 'ses',
      providerMessageId: 'ses-42',
      lockedUntil: null,
      lastError: null,
    });
    expect((await rowOf(id)).sentAt).toBeTruthy();
    expect(delivered).toEqual([id]);
    const [after] = await database.db.select().from(orders).where(eq(orders.orderId, order!.orderId));
    expect(after?.processStatus).toBe('Completed');
    expect(await seenAfterCommit).toBe('Completed');

    const raw = JSON.parse(server.requests[0]!.body.toString()).Content.Raw.Data as string;
    const parsed = await simpleParser(Buffer.from(raw, 'base64'));
    expect(parsed.attachments.map((a) => [a.filename, a.content.toString()])).toEqual([
      ['nzeta.pdf', '%PDF-1.4 approved\n%%EOF\n'],
      ['invoice.pdf', '%PDF-1.4 invoice\n%%EOF\n'],
    ]);
    expect(await w.runOnce()).toBe(0);
  });

  it('retries a provider answering 500 with exponential backoff, then marks it failed', async () => {
    server.respondWith(() => ({ status: 500, body: { errors: [{ message: 'temporarily unavailable' }] } }));
    const sendgrid = createSendgridTransport({ apiKey: 'SG.test', baseUrl: server.url });
    const { id } = await enqueueMail(database.db, message({ provider: 'Sendgrid' }));
    const w = worker({ AWS: recordingTransport(), Sendgrid: sendgrid });

    for (const [attempt, delay] of [
      [1, 30],
      [2, 60],
      [3, 120],
      [4, 240],
    ] as const) {
      expect(await w.runOnce()).toBe(1);
      const row = await rowOf(id);
      expect(row).toMatchObject({ state: 'queued', attempts: attempt, lockedUntil: null });
      expect(row.lastError).toContain('SendGrid 500');
      expect(await secondsUntilNextAttempt(id)).toBeGreaterThan(delay - 5);
      expect(await secondsUntilNextAttempt(id)).toBeLessThanOrEqual(delay);
      expect(await w.runOnce()).toBe(0);
      // Time travel: make the retry due now.
      await database.db.update(mailMessages).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    }
    expect(await w.runOnce()).toBe(1);
    const failed = await rowOf(id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 5, sentAt: null });
    expect(failed.lastError).toContain('temporarily unavailable');
    expect(server.requests).toHaveLength(5);
    expect(new Set(server.requests.map((r) => r.headers['idempotency-key']))).toEqual(new Set([failed.idempotencyKey]));
    await database.db.update(mailMessages).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    expect(await w.runOnce()).toBe(0);
  });

  it('marks a message the provider rejects as failed at once', async () => {
    server.respondWith(() => ({ status: 400, body: { errors: [{ message: 'Does not contain a valid address.' }] } }));
    const sendgrid = createSendgridTransport({ apiKey: 'SG.test', baseUrl: server.url });
    const { id } = await enqueueMail(database.db, message({ provider: 'Sendgrid' }));
    await worker({ AWS: recordingTransport(), Sendgrid: sendgrid }).runOnce();
    expect(await rowOf(id)).toMatchObject({ state: 'failed', attempts: 1 });
  });

  it('fails a message whose document is gone without retrying', async () => {
    const attachments = [{ filename: 'x.pdf', contentType: 'application/pdf', file1: 'missingDocument1.pdf' }];
    const { id } = await enqueueMail(database.db, message({ attachments }));
    const transport = recordingTransport();
    await worker({ AWS: transport, Sendgrid: transport }).runOnce();
    expect(await rowOf(id)).toMatchObject({ state: 'failed', lastError: 'Document not found: missingDocument1.pdf' });
    expect(transport.sent).toEqual([]);
  });

  it('never sends one message twice with two workers running at once', async () => {
    const ids = new Set<number>();
    for (let i = 0; i < 40; i++) ids.add((await enqueueMail(database.db, message({ to: `t${i}@example.org` }))).id);
    const first = recordingTransport(2);
    const second = recordingTransport(2);
    const a = worker({ AWS: first, Sendgrid: first }, { batchSize: 3 });
    const b = worker({ AWS: second, Sendgrid: second }, { batchSize: 3 });
    const drain = async (w: MailWorker) => {
      while ((await w.runOnce()) > 0);
    };
    await Promise.all([drain(a), drain(b), drain(a), drain(b)]);

    const keys = [...first.sent, ...second.sent].map((m) => m.idempotencyKey);
    expect(keys).toHaveLength(40);
    expect(new Set(keys).size).toBe(40);
    const rows = await database.db.select().from(mailMessages);
    expect(rows.every((r) => r.state === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('takes over a message left sending by a dead worker once its lock expires', async () => {
    const stale = await enqueueMail(database.db, message({ to: 'stale@example.org' }));
    const busy = await enqueueMail(database.db, message({ to: 'busy@example.org' }));
    await database.db
      .update(mailMessages)
      .set({ state: 'sending', attempts: 1, lockedUntil: sql`now() - interval '1 minute'` })
      .where(eq(mailMessages.id, stale.id));
    await database.db
      .update(mailMessages)
      .set({ state: 'sending', attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(mailMessages.id, busy.id));
    const transport = recordingTransport();
    expect(await worker({ AWS: transport, Sendgrid: transport }).runOnce()).toBe(1);
    expect(transport.sent.map((m) => m.to)).toEqual(['stale@example.org']);
    expect(await rowOf(stale.id)).toMatchObject({ state: 'sent', attempts: 2 });
    expect(await rowOf(busy.id)).toMatchObject({ state: 'sending', attempts: 1 });
  });

  it('keeps a message sent when onDelivered throws, and rolls back only the callback’s writes', async () => {
    const [order] = await database.db.insert(orders).values({ processStatus: 'Pending' }).returning();
    const { id } = await enqueueMail(database.db, message({ orderId: order!.orderId }));
    const transport = recordingTransport();
    await worker(
      { AWS: transport, Sendgrid: transport },
      {
        onDelivered: async (tx) => {
          await tx.update(orders).set({ processStatus: 'Completed' }).where(eq(orders.orderId, order!.orderId));
          throw new Error('callback bug');
        },
      },
    ).runOnce();
    expect(await rowOf(id)).toMatchObject({ state: 'sent' });
    const [after] = await database.db.select().from(orders).where(eq(orders.orderId, order!.orderId));
    expect(after?.processStatus).toBe('Pending');
  });

  it('wakes up when a message is committed and finishes the message in flight on stop', async () => {
    const transport = recordingTransport(200);
    const w = worker({ AWS: transport, Sendgrid: transport }, { listen: database.listen.bind(database) });
    // Give the LISTEN a moment to be registered before the commit notifies.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { id } = await database.db.transaction((tx) => enqueueMail(tx, message()));
    await expect.poll(() => transport.sent.length, { timeout: 5000 }).toBe(1);
    await w.stop();
    expect(await rowOf(id)).toMatchObject({ state: 'sent' });
  });
});
