import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertOrder } from '../../db/factories';
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
