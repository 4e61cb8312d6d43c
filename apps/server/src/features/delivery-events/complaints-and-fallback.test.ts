import { COMPLAINED_ADDRESS_MESSAGE } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { documents, mailMessages, orders, settings } from '../../db/schema';
import { orderWithDocument } from '../visitor/visitor-test-helpers';
import { createSendgridSigner } from './testing/sendgrid-signer';
import { sentApprovalMail } from './testing/sent-mail';

const signer = createSendgridSigner();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SENDGRID_WEBHOOK_PUBLIC_KEY: signer.publicKey });
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const postEvent = (mailId: number, event: string, fields: Record<string, unknown> = {}) => {
  const payload = JSON.stringify([
    {
      event,
      timestamp: Math.floor(Date.now() / 1000),
      sg_event_id: `${event}-${mailId}-${Math.random()}`,
      mail_id: String(mailId),
      ...fields,
    },
  ]);
  return t.app.inject({ method: 'POST', url: '/api/webhooks/sendgrid', payload, headers: signer.headers(payload) });
};

/** An order with a stored document and one approval e-mail in the given state. */
async function orderWithMail(state: Partial<typeof mailMessages.$inferInsert>) {
  const { order } = await orderWithDocument(t);
  const [document] = await t.database.db.select().from(documents).where(eq(documents.orderId, order.orderId));
  const { mail } = await sentApprovalMail(t);
  const [moved] = await t.database.db
    .update(mailMessages)
    .set({ orderId: order.orderId, documentId: document?.id ?? null, ...state })
    .where(eq(mailMessages.id, mail.id))
    .returning();
  return { order, mail: moved! };
}

describe('a spam complaint', () => {
  it('marks the address: a resend to it answers 409 until the member confirms', async () => {
    const member = await t.signInAs('Team');
    const { order, mail } = await orderWithMail({});
    expect((await postEvent(mail.id, 'spamreport')).statusCode).toBe(200);
    const resend = (confirmComplained?: boolean) =>
      t.call({
        method: 'POST',
        url: '/api/admin/resend-mail',
        token: member.token,
        payload: {
          orderId: order.orderId,
          email: mail.toAddress.toUpperCase(),
          mailServiceProvider: 'AWS',
          confirmComplained,
        },
      });
    const refused = await resend();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 0, message: COMPLAINED_ADDRESS_MESSAGE, code: 'ADDRESS_COMPLAINED' });
    const confirmed = await resend(true);
    expect(confirmed.statusCode).toBe(200);
    const [queued] = await t.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.id, confirmed.json().data.mailId));
    expect(queued).toMatchObject({ provider: 'AWS', kind: 'resend', replyTo: 'support@example.com' });
    expect(queued?.html).toMatch(/NZeTA-\d+\.pdf \(\d+ (bytes|KB)\)/);
  });
});

describe('the fallback provider', () => {
  it('re-sends a refused approval e-mail through the other provider with one click, once', async () => {
    const member = await t.signInAs('Team');
    const { order, mail } = await orderWithMail({
      state: 'failed',
      lastError: 'SendGrid 400: invalid',
      provider: 'Sendgrid',
    });
    const click = () =>
      t.call({
        method: 'POST',
        url: '/api/admin/resend-mail-fallback',
        token: member.token,
        payload: { orderId: order.orderId, mailId: mail.id },
      });
    const first = await click();
    expect(first.statusCode).toBe(200);
    const [fallback] = await t.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.id, first.json().data.mailId));
    expect(fallback).toMatchObject({
      provider: 'AWS',
      fallbackOf: mail.id,
      toAddress: mail.toAddress,
      createdBy: member.id,
    });
    expect((await click()).statusCode).toBe(409);
    const detail = await t.call({
      method: 'GET',
      url: `/api/admin/get-orders-details/${order.orderId}`,
      token: member.token,
    });
    expect(detail.json().data.mailHistory[0]).toMatchObject({
      fallback_of: mail.id,
      uploadDoc: { mail_service_provider: 'AWS' },
    });
  });

  it('refuses a message that was delivered', async () => {
    const member = await t.signInAs('Team');
    const { order, mail } = await orderWithMail({});
    const answer = await t.call({
      method: 'POST',
      url: '/api/admin/resend-mail-fallback',
      token: member.token,
      payload: { orderId: order.orderId, mailId: mail.id },
    });
    expect(answer.statusCode).toBe(400);
  });

  it('refuses a Deleted or erased order, whether a member clicks or the setting re-sends by itself', async () => {
    await t.database.db.insert(settings).values({ key: 'autoMailFallback', value: true });
    const member = await t.signInAs('Team');
    const deleted = await orderWithMail({ state: 'failed', lastError: 'SendGrid 400: invalid', provider: 'Sendgrid' });
    await t.database.db
      .update(orders)
      .set({ processStatus: 'Deleted', previousStatus: 'Completed' })
      .where(eq(orders.orderId, deleted.order.orderId));
    const click = await t.call({
      method: 'POST',
      url: '/api/admin/resend-mail-fallback',
      token: member.token,
      payload: { orderId: deleted.order.orderId, mailId: deleted.mail.id },
    });
    expect(click.statusCode).toBe(409);
    expect(click.json()).toMatchObject({ status: 0, code: 'TRANSITION_NOT_ALLOWED' });

    const erased = await orderWithMail({});
    await t.database.db
      .update(orders)
      .set({ erasedAt: new Date().toISOString() })
      .where(eq(orders.orderId, erased.order.orderId));
    expect((await postEvent(erased.mail.id, 'dropped', { reason: 'Bounced Address' })).statusCode).toBe(200);
    await postEvent(deleted.mail.id, 'dropped', { reason: 'Bounced Address' });

    const fallbacks = await t.database.db.select().from(mailMessages).where(eq(mailMessages.kind, 'resend'));
    expect(fallbacks).toEqual([]);
  });

  it('re-sends a message the provider dropped by itself when the setting is on, recorded once', async () => {
    await t.database.db.insert(settings).values({ key: 'autoMailFallback', value: true });
    const { order, mail } = await orderWithMail({});
    await postEvent(mail.id, 'dropped', { reason: 'Bounced Address' });
    await postEvent(mail.id, 'dropped', { reason: 'Bounced Address' });
    const fallbacks = await t.database.db.select().from(mailMessages).where(eq(mailMessages.fallbackOf, mail.id));
    expect(fallbacks).toHaveLength(1);
    expect(fallbacks[0]).toMatchObject({ provider: 'AWS', orderId: order.orderId, state: 'queued', createdBy: null });
  });
});
