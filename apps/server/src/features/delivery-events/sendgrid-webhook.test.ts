import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailEvents, mailMessages, orders, remarks } from '../../db/schema';
import { findMailEvents } from '../mail';
import { createSendgridSigner } from './testing/sendgrid-signer';
import { sentApprovalMail } from './testing/sent-mail';

const signer = createSendgridSigner();
const otherSigner = createSendgridSigner();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SENDGRID_WEBHOOK_PUBLIC_KEY: signer.publicKey });
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const now = () => Math.floor(Date.now() / 1000);
let eventCounter = 0;
const event = (mailId: number, type: string, fields: Record<string, unknown> = {}) => ({
  email: 'traveller@example.org',
  timestamp: now(),
  event: type,
  sg_event_id: `sg-event-${++eventCounter}-${Math.random().toString(36).slice(2)}`,
  sg_message_id: 'unknown.filter0001',
  mail_id: String(mailId),
  ...fields,
});
const bounce = (mailId: number, fields: Record<string, unknown> = {}) =>
  event(mailId, 'bounce', {
    type: 'bounce',
    reason: '550 5.1.1 mailbox does not exist',
    status: '5.1.1',
    ...fields,
  });

function post(payload: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/api/webhooks/sendgrid', payload, headers });
}
const postSigned = (batch: unknown[], timestamp?: number) => {
  const payload = JSON.stringify(batch);
  return post(payload, signer.headers(payload, timestamp));
};

async function stateOf(orderId: number, mailId: number) {
  const db = t.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.orderId, orderId));
  const [mail] = await db.select().from(mailMessages).where(eq(mailMessages.id, mailId));
  const comments = await db.select().from(remarks).where(eq(remarks.orderId, orderId));
  const events = await db.select().from(mailEvents).where(eq(mailEvents.mailId, mailId));
  return { order, mail, comments, events };
}

describe('POST /api/webhooks/sendgrid with real signatures (P-256)', () => {
  it('records a signed bounce: flagged comment, order back to Contact Customer, credit withdrawn', async () => {
    const { order, mail } = await sentApprovalMail(t);
    const answer = await postSigned([bounce(mail.id)]);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 1, data: { stored: 1, ignored: 0 } });
    const after = await stateOf(order.orderId, mail.id);
    expect(after.order?.processStatus).toBe('Contact Customer');
    expect(after.order?.processedBy).toBeNull();
    expect(after.mail).toMatchObject({ deliveryState: 'bounced', deliveryReason: '550 5.1.1 mailbox does not exist' });
    expect(after.events).toHaveLength(1);
    expect(after.events[0]).toMatchObject({ event: 'bounce', bounceType: 'hard', provider: 'sendgrid' });
    expect(after.comments).toHaveLength(1);
    expect(after.comments[0]).toMatchObject({
      remark: 'Approval e-mail bounced: 550 5.1.1 mailbox does not exist',
      remarkName: 'System',
      reportError: 'Y',
    });
  });

  it('refuses unsigned, tampered, wrongly signed and stale batches with 403 and stores nothing', async () => {
    const { order, mail } = await sentApprovalMail(t);
    const payload = JSON.stringify([bounce(mail.id)]);
    const signed = signer.headers(payload);
    const tampered = payload.replace('mailbox does not exist', 'mailbox does not exist!');
    const attempts = [
      post(payload, { 'content-type': 'application/json' }),
      post(tampered, signed),
      post(payload, otherSigner.headers(payload)),
      post(payload, signer.headers(payload, now() - 301)),
      post(payload, { ...signed, 'x-twilio-email-event-webhook-signature': 'bm90IGEgc2lnbmF0dXJl' }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ status: 0, message: 'Invalid signature.', code: 'INVALID_SIGNATURE' });
    }
    const after = await stateOf(order.orderId, mail.id);
    expect(after.events).toHaveLength(0);
    expect(after.comments).toHaveLength(0);
    expect(after.order?.processStatus).toBe('Completed');
    expect(after.mail?.deliveryState).toBeNull();
    // A timestamp within the window is accepted.
    expect((await post(payload, signer.headers(payload, now() - 240))).statusCode).toBe(200);
  });

  it('answers 413 to a batch over 5 MB without reading it further', async () => {
    const { mail } = await sentApprovalMail(t);
    const payload = JSON.stringify([bounce(mail.id, { reason: 'x'.repeat(5 * 1024 * 1024) })]);
    const answer = await post(payload, signer.headers(payload));
    expect(answer.statusCode).toBe(413);
    expect(await t.database.db.$count(mailEvents)).toBe(0);
  });

  it('matches an event without mail_id by its sg_message_id', async () => {
    const { order, mail, providerMessageId } = await sentApprovalMail(t);
    const { mail_id: _dropped, ...withoutMailId } = event(mail.id, 'delivered', {
      sg_message_id: `${providerMessageId}.filterdrecv-5bd8.123.0`,
    });
    const answer = await postSigned([withoutMailId]);
    expect(answer.json().data).toEqual({ stored: 1, ignored: 0 });
    expect((await stateOf(order.orderId, mail.id)).mail?.deliveryState).toBe('delivered');
  });

  it('ignores events of messages it does not know, unsubscribes and malformed items, without failing', async () => {
    const { mail } = await sentApprovalMail(t);
    const twice = event(mail.id, 'delivered');
    const answer = await postSigned([
      event(999_999, 'delivered'),
      { event: 'unsubscribe', timestamp: now() },
      event(mail.id, 'open', { timestamp: 1e20 }),
      event(mail.id, 'open', { sg_event_id: 42 }),
      twice,
      twice,
    ]);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({ stored: 1, ignored: 2 });
  });
});

describe('replays and reordering', () => {
  it('the same batch twice, and twice at once: one event row and one effect each', async () => {
    const { order, mail } = await sentApprovalMail(t);
    const batch = [event(mail.id, 'processed'), event(mail.id, 'delivered'), bounce(mail.id)];
    const first = await postSigned(batch);
    const [again, concurrent] = await Promise.all([postSigned(batch), postSigned(batch)]);
    expect([first.statusCode, again.statusCode, concurrent.statusCode]).toEqual([200, 200, 200]);
    const after = await stateOf(order.orderId, mail.id);
    expect(after.events).toHaveLength(3);
    expect(after.comments).toHaveLength(1);
    expect(after.mail?.deliveryState).toBe('bounced');
  });

  it('a late "delivered" never overrides a bounce; a later failure still counts once', async () => {
    const { order, mail } = await sentApprovalMail(t);
    const t0 = now() - 60;
    await postSigned([bounce(mail.id, { timestamp: t0 })]);
    await postSigned([
      event(mail.id, 'delivered', { timestamp: t0 + 30 }),
      event(mail.id, 'deferred', { timestamp: t0 + 40 }),
    ]);
    await postSigned([event(mail.id, 'spamreport', { timestamp: t0 + 50 })]);
    const after = await stateOf(order.orderId, mail.id);
    expect(after.mail?.deliveryState).toBe('complained');
    expect(after.comments).toHaveLength(1);
    expect(after.events.map((e) => e.event).sort()).toEqual(['bounce', 'deferred', 'delivered', 'spamreport']);
  });

  it('delivered and opens out of order: delivered, the first open time, the order stays Completed', async () => {
    const { order, mail } = await sentApprovalMail(t);
    const t0 = now() - 100;
    await postSigned([
      event(mail.id, 'open', { timestamp: t0 + 50 }),
      event(mail.id, 'click', { timestamp: t0 + 60, url: 'https://example.com/track-order/1' }),
      event(mail.id, 'open', { timestamp: t0 + 20 }),
    ]);
    await postSigned([
      event(mail.id, 'delivered', { timestamp: t0 + 10 }),
      event(mail.id, 'deferred', { timestamp: t0 }),
    ]);
    const after = await stateOf(order.orderId, mail.id);
    expect(after.order?.processStatus).toBe('Completed');
    expect(after.mail?.deliveryState).toBe('delivered');
    expect(after.mail?.openedAt && new Date(after.mail.openedAt).getTime()).toBe((t0 + 20) * 1000);
    expect(after.mail?.clickedAt && new Date(after.mail.clickedAt).getTime()).toBe((t0 + 60) * 1000);
    expect(after.comments).toHaveLength(0);
    // What evidence of delivery reads: each event with the provider's time, oldest first.
    expect(
      (await findMailEvents(t.database.db, order.orderId)).map((e) => [e.event, e.occurred_at, e.mail_id]),
    ).toEqual([
      ['deferred', new Date(t0 * 1000).toISOString(), mail.id],
      ['delivered', new Date((t0 + 10) * 1000).toISOString(), mail.id],
      ['open', new Date((t0 + 20) * 1000).toISOString(), mail.id],
      ['open', new Date((t0 + 50) * 1000).toISOString(), mail.id],
      ['click', new Date((t0 + 60) * 1000).toISOString(), mail.id],
    ]);
  });

  it('1,000 events in one batch, sent twice: every event once, one effect per failed message, no 5xx', async () => {
    const sent = [];
    for (let i = 0; i < 50; i++) sent.push(await sentApprovalMail(t));
    const t0 = now() - 500;
    const batch: unknown[] = [];
    for (let i = 0; i < 1000; i++) {
      const { mail } = sent[i % sent.length]!;
      const kinds = ['processed', 'delivered', 'open', 'click', 'deferred'];
      // Ten messages bounce, once each, in the middle of the batch.
      const isBounce = i >= 500 && i < 510;
      batch.push(
        isBounce
          ? bounce(mail.id, { timestamp: t0 + i })
          : event(mail.id, kinds[i % kinds.length]!, { timestamp: t0 + i }),
      );
    }
    batch.reverse();
    const started = performance.now();
    const first = await postSigned(batch);
    const elapsed = performance.now() - started;
    const again = await postSigned(batch);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ stored: 1000, ignored: 0 });
    expect(again.json().data).toEqual({ stored: 0, ignored: 1000 });
    const db = t.database.db;
    expect(await db.$count(mailEvents)).toBe(1000);
    const bounced = await db.select().from(mailMessages).where(eq(mailMessages.deliveryState, 'bounced'));
    expect(bounced).toHaveLength(10);
    expect(await db.$count(remarks)).toBe(10);
    expect(await db.$count(orders, eq(orders.processStatus, 'Contact Customer'))).toBe(10);
    console.info(`1,000 SendGrid events in one batch: ${Math.round(elapsed)} ms`);
  }, 60_000);
});

describe('rate limit', () => {
  it('answers 429 past 600 requests a minute from one address', async () => {
    const answers = [];
    for (let i = 0; i < 601; i++) {
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/webhooks/sendgrid',
          payload: '[]',
          headers: { 'content-type': 'application/json' },
          remoteAddress: '203.0.113.9',
        }),
      );
    }
    expect(answers.slice(0, 600).every((a) => a.statusCode === 403)).toBe(true);
    expect(answers[600]?.statusCode).toBe(429);
  }, 60_000);
});
