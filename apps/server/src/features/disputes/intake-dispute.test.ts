import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertOrder } from '../../db/factories';
import { orderActivity, orderDisputes, orders } from '../../db/schema';
import { UNKNOWN_TRANSACTION } from './intake-dispute';

const KEY = 'dispute-intake-key-0123456789';
const url = '/api/intake/disputes';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ INTAKE_API_KEY: KEY });
});
afterAll(async () => t.close());
beforeEach(() => t.database.reset());

const report = (overrides: Record<string, unknown> = {}) => ({
  disputeId: 'dp_1PZ0001',
  transactionId: 'ch_3PZgateway77',
  network: 'Mastercard',
  reasonCode: '4853',
  amount: '79.00',
  currency: 'NZD',
  openedAt: '2026-11-24',
  respondBy: '2026-12-08',
  ...overrides,
});
const send = (payload: Record<string, unknown>, key: string | null = KEY) =>
  t.call({ method: 'POST', url, payload, headers: key ? { 'x-api-key': key } : {} });

describe('POST /api/intake/disputes', () => {
  it('needs the API key', async () => {
    const response = await send(report(), null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ status: 401, message: 'Invalid API key.', code: 'UNAUTHENTICATED' });
  });

  it('finds the order by its transaction id, records the dispute and moves the order to ChargeBack', async () => {
    const order = await insertOrder(t.database.db, { processStatus: 'Completed', transactionId: 'ch_3PZgateway77' });
    const response = await send(report());
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      status: 1,
      message: 'Dispute received.',
      data: { order_id: order.orderId, state: 'needs_response' },
    });
    const [dispute] = await t.database.db.select().from(orderDisputes);
    expect(dispute).toMatchObject({
      orderId: order.orderId,
      gatewayDisputeId: 'dp_1PZ0001',
      network: 'Mastercard',
      reasonCode: '4853',
      amount: '79.00',
      respondBy: '2026-12-08',
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(row?.processStatus).toBe('ChargeBack');
    const log = await t.database.db.select().from(orderActivity).where(eq(orderActivity.orderId, order.orderId));
    expect(log.map((l) => [l.action, l.actorName])).toEqual(
      expect.arrayContaining([
        ['dispute-recorded', 'Payment gateway'],
        ['status-changed', 'Payment gateway'],
      ]),
    );
  });

  it('is idempotent on the gateway dispute id: the same report twice is one dispute', async () => {
    const order = await insertOrder(t.database.db, { processStatus: 'Completed', transactionId: 'ch_3PZgateway77' });
    const first = await send(report());
    const again = await send(report({ respondBy: '2027-01-01' }));
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: 'Dispute already received.', data: { order_id: order.orderId } });
    expect(await t.database.db.$count(orderDisputes)).toBe(1);
    const [dispute] = await t.database.db.select().from(orderDisputes);
    expect(dispute?.respondBy).toBe('2026-12-08');
    const moves = await t.database.db.select().from(orderActivity).where(eq(orderActivity.action, 'status-changed'));
    expect(moves).toHaveLength(1);
  });

  it('finds the order by its id when no transaction id is sent', async () => {
    const order = await insertOrder(t.database.db, { processStatus: 'ChargeBack', transactionId: null });
    const response = await send(report({ transactionId: undefined, orderId: order.orderId }));
    expect(response.statusCode).toBe(201);
    expect(response.json().data.order_id).toBe(order.orderId);
  });

  it('answers 404 for an unknown transaction and writes nothing', async () => {
    await insertOrder(t.database.db, { processStatus: 'Completed', transactionId: 'ch_other' });
    const response = await send(report({ transactionId: 'ch_nobody' }));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 0, message: UNKNOWN_TRANSACTION, code: 'NOT_FOUND' });
    expect(await t.database.db.$count(orderDisputes)).toBe(0);
  });

  it('validates the report', async () => {
    const neither = await send(report({ transactionId: undefined }));
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe('Please send the transaction id or the order id.');
    const badAmount = await send(report({ amount: 'lots' }));
    expect(badAmount.json().message).toBe('Please enter a valid amount.');
  });
});
