import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildMailMessage, insertOrder } from '../../db/factories';
import { mailMessages, orderActivity, orders } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: 'off' });
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const refund = (token: string, payload: object) =>
  t.call({ method: 'PUT', url: '/api/admin/move-to-complete-refund', token, payload });

describe('move-to-complete-refund', () => {
  it('sets the refund date, logs it and queues the refund e-mail, for every role', async () => {
    const telecaller = await t.signInAs('Telecaller');
    const a = await insertOrder(t.database.db, { processStatus: 'Refunds', amount: '99.00', currency: 'USD' });
    const b = await insertOrder(t.database.db, { processStatus: 'Refunds' });
    const changed = vi.spyOn(t.app.ctx.events, 'ordersChanged');
    const body = (await refund(telecaller.token, { orderId: [a.orderId, b.orderId] })).json();
    expect(body).toEqual({
      status: 1,
      message: 'Refund has been completed and the customer has been notified.',
      data: { refunded: expect.arrayContaining([a.orderId, b.orderId]) },
    });
    expect(changed).toHaveBeenCalled();
    const rows = await t.database.db
      .select()
      .from(orders)
      .where(inArray(orders.orderId, [a.orderId, b.orderId]));
    for (const row of rows) expect(row.refundDate).toBeTruthy();

    const mails = await t.database.db.select().from(mailMessages).where(eq(mailMessages.orderId, a.orderId));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'refund', toAddress: a.email, state: 'queued', createdBy: telecaller.id });
    expect(mails[0]?.subject).toContain(String(a.orderId));
    expect(mails[0]?.text).toContain('USD 99.00');

    const log = await t.database.db.select().from(orderActivity).where(eq(orderActivity.orderId, a.orderId));
    expect(log).toEqual([
      expect.objectContaining({
        action: 'refund-completed',
        actorName: telecaller.name,
        detail: { customerNotified: true },
      }),
    ]);

    // The list shows it refunded, after the pending ones.
    const pending = await insertOrder(t.database.db, { processStatus: 'Refunds' });
    const list = (
      await t.call({ method: 'GET', url: '/api/admin/get-orders-list/refundorder?perPage=10', token: telecaller.token })
    ).json();
    expect(list.data[0]).toMatchObject({ order_id: pending.orderId, refund_date: null });
  });

  it('sends the confirmation and the invoice through the provider that last sent the customer their document', async () => {
    const { token } = await t.signInAs('Manager');
    const viaSendgrid = await insertOrder(t.database.db, { processStatus: 'Refunds' });
    const neverSent = await insertOrder(t.database.db, { processStatus: 'Refunds' });
    const sent = (orderId: number, provider: 'AWS' | 'Sendgrid', kind: 'approval' | 'resend', at: string) =>
      buildMailMessage({ orderId, provider, kind, state: 'sent', sentAt: at, createdAt: at });
    await t.database.db.insert(mailMessages).values([
      sent(viaSendgrid.orderId, 'AWS', 'approval', '2026-11-01T10:00:00.000Z'),
      sent(viaSendgrid.orderId, 'Sendgrid', 'resend', '2026-11-02T10:00:00.000Z'),
      // refused by the provider: not how the document reached the customer
      { ...sent(viaSendgrid.orderId, 'AWS', 'resend', '2026-11-03T10:00:00.000Z'), state: 'failed', sentAt: null },
    ]);
    expect((await refund(token, { orderId: [viaSendgrid.orderId, neverSent.orderId] })).statusCode).toBe(200);
    const invoice = await t.call({
      method: 'POST',
      url: '/api/admin/send-invoice',
      token,
      payload: { orderId: String(viaSendgrid.orderId) },
    });
    expect(invoice.statusCode).toBe(200);
    const queued = await t.database.db
      .select()
      .from(mailMessages)
      .where(inArray(mailMessages.kind, ['refund', 'invoice']));
    const providerOf = (orderId: number, kind: string) =>
      queued.find((m) => m.orderId === orderId && m.kind === kind)?.provider;
    expect(providerOf(viaSendgrid.orderId, 'refund')).toBe('Sendgrid');
    expect(providerOf(viaSendgrid.orderId, 'invoice')).toBe('Sendgrid');
    expect(providerOf(neverSent.orderId, 'refund')).toBe('AWS');
  });

  it('refunds an order once, even when it is sent again', async () => {
    const me = await t.signInAs('Team');
    const order = await insertOrder(t.database.db, { processStatus: 'Refunds' });
    expect((await refund(me.token, { orderId: [order.orderId] })).json().status).toBe(1);
    const again = await refund(me.token, { orderId: [order.orderId] });
    expect(again.json()).toEqual({
      status: 0,
      message: 'The selected orders are not pending refunds.',
      code: 'REQUEST_REFUSED',
    });
    expect(await t.database.db.select().from(mailMessages)).toHaveLength(1);
  });

  it('refuses an empty selection and orders that are not refunds, changing nothing', async () => {
    const me = await t.signInAs('Team');
    const order = await insertOrder(t.database.db, { processStatus: 'Completed' });
    for (const [payload, message, code] of [
      [{ orderId: [] }, 'Please select at least one order.', 'VALIDATION_FAILED'],
      [{}, 'Please select at least one order.', 'VALIDATION_FAILED'],
      [{ orderId: ['1 or 1=1'] }, 'Please enter a valid order id.', 'VALIDATION_FAILED'],
      [{ orderId: [order.orderId] }, 'The selected orders are not pending refunds.', 'REQUEST_REFUSED'],
    ] as const) {
      const response = await refund(me.token, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json(), message).toEqual({ status: 0, message, code });
    }
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(row?.refundDate).toBeNull();
    expect(await t.database.db.select().from(mailMessages)).toEqual([]);
  });
});
