import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertOrder } from '../../db/factories';
import { orderActivity, orders } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const assign = (token: string, payload: object) =>
  t.call({ method: 'PUT', url: '/api/admin/assign-order-status', token, payload });
const assigneeOf = async (ids: number[]) => {
  const rows = await t.database.db
    .select({ id: orders.orderId, assignedTo: orders.assignedTo })
    .from(orders)
    .where(inArray(orders.orderId, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.assignedTo])) as Record<number, number | null>;
};

describe('assign-order-status', () => {
  it('claims unassigned New orders for the signed-in member, whatever name is sent', async () => {
    const me = await t.signInAs('Team');
    const other = await t.signInAs('Team');
    const a = await insertOrder(t.database.db, { processingMode: 'Standard', processingDate: null });
    const b = await insertOrder(t.database.db, { processingMode: 'Priority', processingDate: null });
    const changed = vi.spyOn(t.app.ctx.events, 'ordersChanged');

    const body = (await assign(me.token, { orderId: [a.orderId, b.orderId], assignto: other.name })).json();
    expect(body).toMatchObject({
      status: 1,
      message: 'Order has been assigned successfully',
      data: { assigned: [a.orderId, b.orderId], taken: [] },
    });
    expect(await assigneeOf([a.orderId, b.orderId])).toEqual({ [a.orderId]: me.id, [b.orderId]: me.id });
    expect(changed).toHaveBeenCalled();

    const log = await t.database.db.select().from(orderActivity).where(eq(orderActivity.orderId, a.orderId));
    expect(log).toEqual([
      expect.objectContaining({ actorId: me.id, actorName: me.name, action: 'assigned', toValue: me.name }),
    ]);

    const mine = (await t.call({ method: 'GET', url: '/api/admin/get-orders-list/myOrder', token: me.token })).json();
    expect(mine.data.map((r: { order_id: number }) => r.order_id).sort()).toEqual([a.orderId, b.orderId].sort());
    const fresh = (await t.call({ method: 'GET', url: '/api/admin/get-folder-count', token: me.token })).json();
    expect(fresh.data).toMatchObject({ myOrdersCount: 2, newOrdersCount: 0, priorityOrdersCount: 0 });
  });

  it('of two concurrent claims of one order exactly one wins; the other is told', async () => {
    const first = await t.signInAs('Team');
    const second = await t.signInAs('Manager');
    for (let round = 0; round < 5; round++) {
      const order = await insertOrder(t.database.db);
      const answers = await Promise.all([
        assign(first.token, { orderId: [order.orderId], assignto: first.name }),
        assign(second.token, { orderId: [order.orderId], assignto: second.name }),
      ]);
      const bodies = answers.map((r) => r.json());
      const winners = bodies.filter((b) => b.status === 1);
      const losers = bodies.filter((b) => b.status === 0);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(1);
      const winnerName = bodies[0]?.status === 1 ? first.name : second.name;
      expect(losers[0]).toEqual({
        status: 0,
        message: `Order ${order.orderId} already taken by ${winnerName}.`,
        code: 'CLAIM_CONFLICT',
        data: { assigned: [], taken: [order.orderId] },
      });
      const owner = (await assigneeOf([order.orderId]))[order.orderId];
      const winner = answers[0]?.json().status === 1 ? first : second;
      expect(owner).toBe(winner.id);
      const log = await t.database.db.select().from(orderActivity).where(eq(orderActivity.orderId, order.orderId));
      expect(log).toHaveLength(1);
    }
  });

  it('claims what is free and names the orders already taken', async () => {
    const me = await t.signInAs('Team');
    const other = await t.signInAs('Team');
    const free = await insertOrder(t.database.db);
    const taken1 = await insertOrder(t.database.db, { assignedTo: other.id });
    const taken2 = await insertOrder(t.database.db, { assignedTo: other.id });
    const alreadyMine = await insertOrder(t.database.db, { assignedTo: me.id });
    const body = (
      await assign(me.token, {
        orderId: [free.orderId, taken1.orderId, taken2.orderId, alreadyMine.orderId],
        assignto: me.name,
      })
    ).json();
    expect(body).toMatchObject({
      status: 1,
      message: `2 assigned; ${taken1.orderId} already taken by ${other.name}; ${taken2.orderId} already taken by ${other.name}.`,
      data: { assigned: [free.orderId, alreadyMine.orderId], taken: [taken1.orderId, taken2.orderId] },
    });
    expect((await assigneeOf([taken1.orderId]))[taken1.orderId]).toBe(other.id);
  });

  it('moves orders back to their original folder (assignto null)', async () => {
    const me = await t.signInAs('Team');
    const order = await insertOrder(t.database.db, {
      assignedTo: me.id,
      processingMode: 'Standard',
      processingDate: null,
    });
    const body = (await assign(me.token, { orderId: [order.orderId], assignto: null })).json();
    expect(body).toMatchObject({ status: 1, data: { released: [order.orderId] } });
    expect((await assigneeOf([order.orderId]))[order.orderId]).toBeNull();
    const counts = (await t.call({ method: 'GET', url: '/api/admin/get-folder-count', token: me.token })).json();
    expect(counts.data).toMatchObject({ myOrdersCount: 0, newOrdersCount: 1 });
    const log = await t.database.db.select().from(orderActivity).where(eq(orderActivity.orderId, order.orderId));
    expect(log).toEqual([expect.objectContaining({ action: 'unassigned', fromValue: me.name, toValue: null })]);
  });

  it("a Team member cannot release someone else's orders; an Admin can", async () => {
    const owner = await t.signInAs('Team');
    const team = await t.signInAs('Team');
    const admin = await t.signInAs('Admin');
    const order = await insertOrder(t.database.db, { assignedTo: owner.id });
    const refused = await assign(team.token, { orderId: [order.orderId], assignto: null });
    expect(refused.json()).toEqual({
      status: 0,
      message: 'The selected orders are not assigned to you.',
      code: 'REQUEST_REFUSED',
    });
    expect((await assigneeOf([order.orderId]))[order.orderId]).toBe(owner.id);
    expect((await assign(admin.token, { orderId: [order.orderId], assignto: null })).json().status).toBe(1);
    expect((await assigneeOf([order.orderId]))[order.orderId]).toBeNull();
  });

  it('refuses an empty selection, non-numeric ids and unknown orders, changing nothing', async () => {
    const me = await t.signInAs('Team');
    const order = await insertOrder(t.database.db);
    const cases: Array<[object, number, string]> = [
      [{ orderId: [], assignto: me.name }, 400, 'Please select at least one order.'],
      [{ orderId: ['abc'], assignto: me.name }, 400, 'Please enter a valid order id.'],
      [{ orderId: [order.orderId, '1; drop table orders'], assignto: me.name }, 400, 'Please enter a valid order id.'],
      [{ orderId: 'nope', assignto: me.name }, 400, 'Please select at least one order.'],
      [{ orderId: [999999999], assignto: me.name }, 404, 'Order not found.'],
    ];
    for (const [payload, httpStatus, message] of cases) {
      const response = await assign(me.token, payload);
      expect(response.statusCode, message).toBe(httpStatus);
      const code = httpStatus === 404 ? 'ORDER_NOT_FOUND' : 'VALIDATION_FAILED';
      expect(response.json(), message).toEqual({ status: 0, message, code });
    }
    expect((await assigneeOf([order.orderId]))[order.orderId]).toBeNull();
  });
});
