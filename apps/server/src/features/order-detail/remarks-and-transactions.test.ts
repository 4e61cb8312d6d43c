import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertOrder } from '../../db/factories';
import { orderActivity, orders, remarks } from '../../db/schema';
import { TRANSACTION_STATUS_MESSAGE } from './save-transaction-details';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_APP_URL: 'https://office.example.com' });
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const remarkBody = (orderId: number, extra: Record<string, unknown> = {}) => ({
  orderId,
  remark: 'Customer confirmed the passport number by phone.',
  remarkerName: 'Somebody Else',
  whatsapp: '',
  telephone: 'Y',
  statusRefund: '',
  voided: 'Y',
  chargeBack: '',
  ...extra,
});

describe('POST /api/admin/add-new-remark', () => {
  it("records the signed-in member as the remarker, whatever remarkerName says, with 'Y'/'N' flags", async () => {
    const member = await t.signInAs('Night Staff', { name: 'Nora Night' });
    const order = await insertOrder(t.database.db);
    const response = await t.call({
      method: 'POST',
      url: '/api/admin/add-new-remark',
      token: member.token,
      payload: remarkBody(order.orderId),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 1, message: 'Comment added successfully.' });

    const [row] = await t.database.db.select().from(remarks).where(eq(remarks.orderId, order.orderId));
    expect(row).toMatchObject({
      remarkName: 'Nora Night',
      staffId: member.id,
      whatsapp: 'N',
      telephone: 'Y',
      statusRefund: 'N',
      voided: 'Y',
      chargeback: 'N',
      reportError: 'N',
    });
    const activity = await t.database.db.select().from(orderActivity).where(eq(orderActivity.orderId, order.orderId));
    expect(activity).toEqual([expect.objectContaining({ action: 'remark-added', actorName: 'Nora Night' })]);

    const detail = await t.call({
      method: 'GET',
      url: `/api/admin/get-orders-details/${order.orderId}`,
      token: member.token,
    });
    expect(detail.json().data.remark[0]).toMatchObject({
      remark_name: 'Nora Night',
      telephone: 'Y',
      voided: 'Y',
      whatsapp: 'N',
    });
  });

  it('refuses an empty remark with the form message', async () => {
    const { token } = await t.signInAs('Team');
    const order = await insertOrder(t.database.db);
    for (const remark of ['', '   ', undefined]) {
      const response = await t.call({
        method: 'POST',
        url: '/api/admin/add-new-remark',
        token,
        payload: remarkBody(order.orderId, { remark }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 0, message: 'Please enter your remark', code: 'VALIDATION_FAILED' });
    }
    expect(await t.database.db.select().from(remarks)).toHaveLength(0);
  });

  it('answers 404 for an unknown order', async () => {
    const { token } = await t.signInAs('Team');
    const response = await t.call({
      method: 'POST',
      url: '/api/admin/add-new-remark',
      token,
      payload: remarkBody(987654),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 0, message: 'Order not found.', code: 'ORDER_NOT_FOUND' });
  });
});

describe('POST /api/admin/save-transaction-details', () => {
  it('saves the transaction of a Completed, Customer Called or ChargeBack order', async () => {
    const { token } = await t.signInAs('Manager', { name: 'Mia Manager' });
    for (const status of ['Completed', 'Customer Called', 'ChargeBack']) {
      const order = await insertOrder(t.database.db, { processStatus: status });
      const response = await t.call({
        method: 'POST',
        url: '/api/admin/save-transaction-details',
        token,
        payload: { orderId: order.orderId, transactionId: 'ch_3PZ9LKJ', merchantName: 'Acme Payments' },
      });
      expect(response.json()).toEqual({ status: 1, message: 'Transaction details saved successfully.' });
      const [row] = await t.database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
      expect(row).toMatchObject({ transactionId: 'ch_3PZ9LKJ', merchantName: 'Acme Payments' });
    }
    const activity = await t.database.db.select().from(orderActivity);
    expect(activity.map((a) => a.action)).toEqual([
      'transaction-details-saved',
      'transaction-details-saved',
      'transaction-details-saved',
    ]);
  });

  it('refuses other statuses, missing fields and unknown orders', async () => {
    const { token } = await t.signInAs('Team');
    const order = await insertOrder(t.database.db, { processStatus: 'New', transactionId: 'original' });
    const refused = await t.call({
      method: 'POST',
      url: '/api/admin/save-transaction-details',
      token,
      payload: { orderId: order.orderId, transactionId: 'x1', merchantName: 'M' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ status: 0, message: TRANSACTION_STATUS_MESSAGE, code: 'REQUEST_REFUSED' });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(row?.transactionId).toBe('original');

    const noId = await t.call({
      method: 'POST',
      url: '/api/admin/save-transaction-details',
      token,
      payload: { orderId: order.orderId, transactionId: ' ', merchantName: 'M' },
    });
    expect(noId.json()).toEqual({ status: 0, message: 'Please enter your Transaction Id', code: 'VALIDATION_FAILED' });
    const noMerchant = await t.call({
      method: 'POST',
      url: '/api/admin/save-transaction-details',
      token,
      payload: { orderId: order.orderId, transactionId: 'x1' },
    });
    expect(noMerchant.json()).toEqual({
      status: 0,
      message: 'Please enter your Merchant Name',
      code: 'VALIDATION_FAILED',
    });
    const unknown = await t.call({
      method: 'POST',
      url: '/api/admin/save-transaction-details',
      token,
      payload: { orderId: 999999, transactionId: 'x1', merchantName: 'M' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/admin/email-content/:orderId', () => {
  it('previews the approval e-mail with the support contacts and a wa.me link', async () => {
    const { token } = await t.signInAs('Telecaller');
    const order = await insertOrder(t.database.db, {
      firstName: 'Ana',
      lastName: 'Rivera',
      countryCode: 'Australia',
      phoneNumber: '0412 345 678',
    });
    const response = await t.call({ method: 'GET', url: `/api/admin/email-content/${order.orderId}`, token });
    const { data } = response.json();
    expect(data.subject).toContain(String(order.orderId));
    expect(data.html).toContain('Dear Ana Rivera');
    expect(data.html).toContain('support@example.com');
    expect(data.html).toContain('+64 9 000 0000');
    expect(data.text).toContain(String(order.orderId));
    // With the app's public address configured, the e-mail links to the customer's order page.
    expect(data.html).toContain(`https://office.example.com/track-order/${order.orderId}`);
    const url = new URL(data.whatsappUrl);
    expect(url.origin + url.pathname).toBe('https://wa.me/61412345678');
    expect(url.searchParams.get('text')).toContain(`order ${order.orderId}`);

    const unknown = await t.call({ method: 'GET', url: '/api/admin/email-content/999999', token });
    expect(unknown.statusCode).toBe(404);
  });
});
