import { ROLES } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertOrder } from '../../db/factories';
import { orderActivity, orderDisputes, orders } from '../../db/schema';
import { DELETED_RESTORE_FIRST, ERASED_READ_ONLY, NOT_IN_CHARGEBACK, OUTCOME_FORBIDDEN } from './save-dispute';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(() => t.database.reset());

const url = (orderId: number) => `/api/admin/orders/${orderId}/dispute`;
const record = {
  network: 'Visa',
  reasonCode: '13.1',
  amount: '79.00',
  currency: 'nzd',
  openedAt: '2026-11-20',
  respondBy: '2026-12-04',
  state: 'needs_response',
  notes: 'Customer says the document never arrived.',
};

async function putDispute(token: string, orderId: number, payload: Record<string, unknown>) {
  return t.call({ method: 'PUT', url: url(orderId), token, payload });
}

describe('the dispute record', () => {
  it('answers the defaults before one is recorded, then what was saved', async () => {
    const { token } = await t.signInAs('Team');
    const order = await insertOrder(t.database.db, { processStatus: 'ChargeBack', amount: '79.00', currency: 'NZD' });
    const before = (await t.call({ method: 'GET', url: url(order.orderId), token })).json().data;
    expect(before).toMatchObject({ isRecorded: false, state: 'needs_response', amount: '79.00', currency: 'NZD' });

    const saved = await putDispute(token, order.orderId, record);
    expect(saved.statusCode).toBe(200);
    const after = (await t.call({ method: 'GET', url: url(order.orderId), token })).json().data;
    expect(after).toEqual({
      orderId: order.orderId,
      network: 'Visa',
      reasonCode: '13.1',
      amount: '79.00',
      currency: 'NZD',
      openedAt: '2026-11-20',
      respondBy: '2026-12-04',
      state: 'needs_response',
      outcomeAt: null,
      notes: 'Customer says the document never arrived.',
      gatewayDisputeId: null,
      isRecorded: true,
    });
    const log = await t.database.db.select().from(orderActivity).where(eq(orderActivity.orderId, order.orderId));
    expect(log.map((l) => l.action)).toEqual(['dispute-recorded']);
  });

  it('validates with the schema messages and never half-writes', async () => {
    const { token } = await t.signInAs('Team');
    const order = await insertOrder(t.database.db, { processStatus: 'ChargeBack' });
    const badDate = await putDispute(token, order.orderId, { ...record, respondBy: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toMatchObject({ status: 0, message: 'Please enter the respond-by date as YYYY-MM-DD.' });
    const badNetwork = await putDispute(token, order.orderId, { ...record, network: 'Diners' });
    expect(badNetwork.json().message).toBe('Please choose the card network.');
    expect(await t.database.db.$count(orderDisputes)).toBe(0);
  });

  it('is recorded only for an order in ChargeBack, and answers 404 for an unknown order', async () => {
    const { token } = await t.signInAs('Team');
    const order = await insertOrder(t.database.db, { processStatus: 'Completed' });
    const refused = await putDispute(token, order.orderId, record);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(NOT_IN_CHARGEBACK);
    expect((await putDispute(token, 999_999_999, record)).statusCode).toBe(404);
  });

  it('stays as it was once its order is Deleted or erased', async () => {
    const { token } = await t.signInAs('Admin');
    const deleted = await insertOrder(t.database.db, { processStatus: 'ChargeBack' });
    const erased = await insertOrder(t.database.db, { processStatus: 'ChargeBack' });
    for (const order of [deleted, erased])
      expect((await putDispute(token, order.orderId, record)).statusCode).toBe(200);
    await t.database.db
      .update(orders)
      .set({ processStatus: 'Deleted', previousStatus: 'ChargeBack' })
      .where(eq(orders.orderId, deleted.orderId));
    await t.database.db
      .update(orders)
      .set({ erasedAt: new Date().toISOString() })
      .where(eq(orders.orderId, erased.orderId));
    const changed = { ...record, state: 'lost', notes: 'Changed afterwards.' };
    for (const [order, message] of [
      [deleted, DELETED_RESTORE_FIRST],
      [erased, ERASED_READ_ONLY],
    ] as const) {
      const refused = await putDispute(token, order.orderId, changed);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ status: 0, message, code: 'TRANSITION_NOT_ALLOWED' });
      const [kept] = await t.database.db.select().from(orderDisputes).where(eq(orderDisputes.orderId, order.orderId));
      expect(kept).toMatchObject({ state: 'needs_response', notes: record.notes });
    }
    const [stillDeleted] = await t.database.db.select().from(orders).where(eq(orders.orderId, deleted.orderId));
    expect(stillDeleted?.processStatus).toBe('Deleted');
  });
});

describe('who may edit a dispute and record its outcome', () => {
  it.each(ROLES)('%s may edit a dispute (every role may move an order to ChargeBack)', async (role) => {
    const { token } = await t.signInAs(role);
    const order = await insertOrder(t.database.db, { processStatus: 'ChargeBack' });
    expect((await putDispute(token, order.orderId, record)).statusCode).toBe(200);
    expect((await putDispute(token, order.orderId, { ...record, state: 'submitted' })).statusCode).toBe(200);
  });

  it.each(['Team', 'Telecaller', 'Night Staff'] as const)('%s may not record or undo an outcome', async (role) => {
    const { token } = await t.signInAs(role);
    const admin = await t.signInAs('Admin');
    const order = await insertOrder(t.database.db, { processStatus: 'ChargeBack' });
    for (const state of ['won', 'lost', 'accepted']) {
      const response = await putDispute(token, order.orderId, { ...record, state });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ status: 0, message: OUTCOME_FORBIDDEN, code: 'FORBIDDEN_ROLE' });
    }
    await putDispute(admin.token, order.orderId, { ...record, state: 'won' });
    expect((await putDispute(token, order.orderId, { ...record, state: 'submitted' })).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(orderDisputes);
    expect(row?.state).toBe('won');
  });

  it.each(['Admin', 'Manager'] as const)('%s records won and accepted; the order stays in ChargeBack', async (role) => {
    const { token } = await t.signInAs(role);
    const order = await insertOrder(t.database.db, { processStatus: 'ChargeBack' });
    const won = await putDispute(token, order.orderId, { ...record, state: 'won', outcomeAt: '2026-12-10' });
    expect(won.json().data).toMatchObject({ state: 'won', outcomeAt: '2026-12-10' });
    const accepted = await putDispute(token, order.orderId, { ...record, state: 'accepted' });
    expect(accepted.json().data.outcomeAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(row?.processStatus).toBe('ChargeBack');
  });

  it('a lost dispute moves the order to Refunds with the amount, through the status change and its log', async () => {
    const { token } = await t.signInAs('Manager');
    const order = await insertOrder(t.database.db, { processStatus: 'ChargeBack', amount: '79.00', currency: 'NZD' });
    const response = await putDispute(token, order.orderId, { ...record, state: 'lost' });
    expect(response.json().message).toBe('Dispute saved. The order has moved to Refunds.');
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(row?.processStatus).toBe('Refunds');
    const log = await t.database.db.select().from(orderActivity).where(eq(orderActivity.orderId, order.orderId));
    const move = log.find((l) => l.action === 'status-changed');
    expect(move).toMatchObject({ fromValue: 'ChargeBack', toValue: 'Refunds', actorName: 'Dispute outcome' });
    expect(move?.detail).toMatchObject({ amount: '79.00', currency: 'NZD', recordedBy: expect.any(String) });
    // Saving the lost dispute again (a note) does not move the order twice.
    await putDispute(token, order.orderId, { ...record, state: 'lost', notes: 'Bank confirmed.' });
    const moves = (
      await t.database.db.select().from(orderActivity).where(eq(orderActivity.orderId, order.orderId))
    ).filter((l) => l.action === 'status-changed');
    expect(moves).toHaveLength(1);
  });
});

describe('the Charge Back folder as a work queue', () => {
  it('orders by respond-by date, soonest first, disputes without a date last, and carries the deadline and state', async () => {
    const { token } = await t.signInAs('Team');
    const make = () => insertOrder(t.database.db, { processStatus: 'ChargeBack' });
    const [late, soon, none, overdue, noRecord] = [
      await make(),
      await make(),
      await make(),
      await make(),
      await make(),
    ];
    await putDispute(token, late.orderId, { ...record, respondBy: '2026-12-20' });
    await putDispute(token, soon.orderId, { ...record, respondBy: '2026-12-01', state: 'evidence_ready' });
    await putDispute(token, none.orderId, { ...record, respondBy: null });
    await putDispute(token, overdue.orderId, { ...record, respondBy: '2026-11-01' });
    await insertOrder(t.database.db, { processStatus: 'Completed' });

    const list = await t.call({ method: 'GET', url: '/api/admin/get-orders-list/chargeBack?page=1&perPage=10', token });
    const rows = list.json().data as Array<{
      order_id: number;
      respond_by: string | null;
      dispute_state: string | null;
    }>;
    expect(list.json().total).toBe(5);
    expect(rows.map((r) => r.order_id).slice(0, 3)).toEqual([overdue.orderId, soon.orderId, late.orderId]);
    expect(
      rows
        .slice(3)
        .map((r) => r.order_id)
        .sort(),
    ).toEqual([none.orderId, noRecord.orderId].sort());
    expect(rows[1]).toMatchObject({ respond_by: '2026-12-01', dispute_state: 'evidence_ready' });
    expect(rows.find((r) => r.order_id === noRecord.orderId)).toMatchObject({ respond_by: null, dispute_state: null });

    // Reading on with the cursor continues in the same order.
    const first = await t.call({ method: 'GET', url: '/api/admin/get-orders-list/chargeBack?page=1&perPage=2', token });
    const next = await t.call({
      method: 'GET',
      url: `/api/admin/get-orders-list/chargeBack?perPage=10&cursor=${first.json().nextCursor}`,
      token,
    });
    expect([...first.json().data, ...next.json().data].map((r: { order_id: number }) => r.order_id)).toEqual(
      rows.map((r) => r.order_id),
    );
  });

  it('counts open disputes due within 3 days for the dashboard tile', async () => {
    const { token } = await t.signInAs('Team');
    const admin = await t.signInAs('Admin');
    const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    for (const [respondBy, state] of [
      [inDays(-1), 'needs_response'],
      [inDays(1), 'evidence_ready'],
      [inDays(2), 'submitted'],
      [inDays(10), 'needs_response'],
      [inDays(1), 'won'],
    ] as const) {
      const order = await insertOrder(t.database.db, { processStatus: 'ChargeBack' });
      await putDispute(admin.token, order.orderId, { ...record, respondBy, state });
    }
    const response = await t.call({ method: 'GET', url: '/api/admin/disputes/due-count', token });
    expect(response.json().data).toEqual({ count: 3 });
  });
});

describe('the disputes report', () => {
  it('counts per month, network and reason with the win rate and the amounts disputed and lost', async () => {
    const { token } = await t.signInAs('Admin');
    const cases = [
      ['Visa', '13.1', '2026-10-05', 'won', '50.00'],
      ['Visa', '13.1', '2026-10-20', 'lost', '70.00'],
      ['Mastercard', '4853', '2026-11-02', 'accepted', '30.00'],
      ['Mastercard', '4853', '2026-11-03', 'needs_response', '40.00'],
    ] as const;
    for (const [network, reasonCode, openedAt, state, amount] of cases) {
      const order = await insertOrder(t.database.db, { processStatus: 'ChargeBack' });
      await putDispute(token, order.orderId, { ...record, network, reasonCode, openedAt, state, amount });
    }
    const report = (await t.call({ method: 'GET', url: '/api/admin/dispute-report', token })).json().data;
    expect(report.totals).toMatchObject({
      disputes: 4,
      won: 1,
      lost: 1,
      accepted: 1,
      open: 1,
      amountDisputed: '190.00',
      amountLost: '100.00',
    });
    expect(report.totals.winRate).toBeCloseTo(1 / 3);
    expect(report.byMonth.map((g: { key: string; disputes: number }) => [g.key, g.disputes])).toEqual([
      ['2026-10', 2],
      ['2026-11', 2],
    ]);
    expect(report.byNetwork.find((g: { key: string }) => g.key === 'Visa')).toMatchObject({
      winRate: 0.5,
      amountLost: '70.00',
    });
    expect(report.byReason.map((g: { key: string }) => g.key).sort()).toEqual(['Mastercard 4853', 'Visa 13.1']);
    const team = await t.signInAs('Team');
    expect((await t.call({ method: 'GET', url: '/api/admin/dispute-report', token: team.token })).statusCode).toBe(403);
  });
});
