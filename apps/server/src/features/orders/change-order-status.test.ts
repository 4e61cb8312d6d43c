import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildDownload, buildMailMessage, buildRemark, insertOrder } from '../../db/factories';
import {
  auditLog,
  downloadHistory,
  mailMessages,
  orderActivity,
  orderOtherNames,
  orders,
  remarks,
} from '../../db/schema';
import { ERASED_REMARK } from '../lifecycle';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const change = (token: string, payload: object, url = '/api/admin/change-order-status') =>
  t.call({ method: 'PUT', url, token, payload });
const statusOf = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.orderId, id)))[0];

describe('change-order-status', () => {
  it('moves one or many orders to any status and logs each change in the same transaction', async () => {
    const me = await t.signInAs('Team');
    const a = await insertOrder(t.database.db, { processStatus: 'Completed' });
    const b = await insertOrder(t.database.db, { processStatus: 'Awaiting' });
    const changed = vi.spyOn(t.app.ctx.events, 'ordersChanged');
    const body = (await change(me.token, { orderId: [a.orderId, b.orderId], updatingStatus: 'ChargeBack' })).json();
    expect(body).toMatchObject({ status: 1, message: 'Order status has been changed successfully.' });
    expect((await statusOf(a.orderId))?.processStatus).toBe('ChargeBack');
    expect((await statusOf(b.orderId))?.processStatus).toBe('ChargeBack');
    expect(changed).toHaveBeenCalled();
    const log = await t.database.db
      .select()
      .from(orderActivity)
      .where(inArray(orderActivity.orderId, [a.orderId, b.orderId]));
    expect(log.map((l) => [l.orderId, l.action, l.fromValue, l.toValue, l.actorName]).sort()).toEqual(
      [
        [a.orderId, 'status-changed', 'Completed', 'ChargeBack', me.name],
        [b.orderId, 'status-changed', 'Awaiting', 'ChargeBack', me.name],
      ].sort(),
    );

    // The detail page sends one id, not a list.
    const single = (await change(me.token, { orderId: a.orderId, updatingStatus: 'Awaiting' })).json();
    expect(single.status).toBe(1);
    expect((await statusOf(a.orderId))?.processStatus).toBe('Awaiting');
  });

  it('Completed records who processed the order', async () => {
    const me = await t.signInAs('Night Staff');
    const order = await insertOrder(t.database.db, { processStatus: 'Awaiting' });
    await change(me.token, { orderId: [order.orderId], updatingStatus: 'Completed' });
    const row = await statusOf(order.orderId);
    expect(row).toMatchObject({ processStatus: 'Completed', processedBy: me.name, processedById: me.id });
    expect(row?.processedAt).toBeTruthy();
  });

  it('soft delete keeps the previous status; only Restore brings the order back there', async () => {
    const manager = await t.signInAs('Manager');
    const team = await t.signInAs('Team');
    const order = await insertOrder(t.database.db, { processStatus: 'Awaiting' });
    const body = (await change(manager.token, { orderId: [order.orderId], updatingStatus: 'Deleted' })).json();
    expect(body).toMatchObject({ status: 1, message: 'Order has been deleted successfully' });
    expect(await statusOf(order.orderId)).toMatchObject({ processStatus: 'Deleted', previousStatus: 'Awaiting' });
    const moved = await change(team.token, { orderId: [order.orderId], updatingStatus: 'Completed' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual({
      status: 0,
      message: `Order ${order.orderId} deleted: restore it first.`,
      code: 'TRANSITION_NOT_ALLOWED',
    });
    const restore = (token: string) =>
      t.call({ method: 'PUT', url: '/api/admin/restore-orders', token, payload: { orderId: [order.orderId] } });
    expect((await restore(team.token)).statusCode).toBe(403);
    expect((await restore(manager.token)).json()).toMatchObject({ status: 1, data: { restored: [order.orderId] } });
    expect(await statusOf(order.orderId)).toMatchObject({ processStatus: 'Awaiting', processedBy: null });
  });

  it('move-order-status takes the same body', async () => {
    const me = await t.signInAs('Team');
    const order = await insertOrder(t.database.db, { processStatus: 'Pending' });
    const body = (
      await change(
        me.token,
        { orderId: [order.orderId], updatingStatus: 'Customer Called' },
        '/api/admin/move-order-status',
      )
    ).json();
    expect(body.status).toBe(1);
    expect((await statusOf(order.orderId))?.processStatus).toBe('Customer Called');
  });

  it('deleting is for Admin and Manager; orders in a My Orders only for an Admin', async () => {
    const team = await t.signInAs('Team');
    const telecaller = await t.signInAs('Telecaller');
    const manager = await t.signInAs('Manager');
    const admin = await t.signInAs('Admin');
    const open = await insertOrder(t.database.db, { processStatus: 'Awaiting' });
    const claimedByAdmin = await insertOrder(t.database.db, { processStatus: 'New', assignedTo: admin.id });
    const claimedByManager = await insertOrder(t.database.db, { processStatus: 'New', assignedTo: manager.id });

    for (const member of [team, telecaller]) {
      const response = await change(member.token, { orderId: [open.orderId], updatingStatus: 'Deleted' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        status: 0,
        message: 'Only an Admin or a Manager can delete orders.',
        code: 'FORBIDDEN_ROLE',
      });
    }
    for (const order of [claimedByAdmin, claimedByManager]) {
      const response = await change(manager.token, { orderId: [order.orderId], updatingStatus: 'Deleted' });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe("Only an Admin can delete orders that are in someone's My Orders.");
    }
    expect((await statusOf(open.orderId))?.processStatus).toBe('Awaiting');

    // In bulk, the claimed order is skipped and named; the others are deleted.
    const bulk = await change(manager.token, {
      orderId: [open.orderId, claimedByManager.orderId],
      updatingStatus: 'Deleted',
    });
    expect(bulk.json()).toMatchObject({
      status: 1,
      message: `1 deleted; ${claimedByManager.orderId} is in ${manager.name}'s My Orders: only an Admin can do that.`,
    });
    expect((await statusOf(open.orderId))?.processStatus).toBe('Deleted');
    const mine = await change(admin.token, { orderId: [claimedByAdmin.orderId], updatingStatus: 'Deleted' });
    expect(mine.json().status).toBe(1);
    expect(await statusOf(claimedByAdmin.orderId)).toMatchObject({ processStatus: 'Deleted', previousStatus: 'New' });
  });

  it('permanent deletion (Admin) erases personal data and keeps an anonymous tombstone', async () => {
    const admin = await t.signInAs('Admin');
    const manager = await t.signInAs('Manager');
    const order = await insertOrder(t.database.db, {
      processStatus: 'Completed',
      otherNames: [{ differentFirstName: 'Old', differentLastName: 'Name' }],
    });
    await t.database.db.insert(remarks).values(buildRemark({ orderId: order.orderId, remark: 'Passport is X123' }));
    await t.database.db.insert(downloadHistory).values(buildDownload({ orderId: order.orderId }));
    await t.database.db.insert(mailMessages).values(buildMailMessage({ orderId: order.orderId }));

    const refused = await change(manager.token, {
      orderId: order.orderId,
      updatingStatus: 'Deleted',
      permanentDeletedFlag: true,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only an Admin can delete orders permanently.');
    const notDeleted = await change(admin.token, {
      orderId: order.orderId,
      updatingStatus: 'Completed',
      permanentDeletedFlag: 1,
    });
    expect(notDeleted.json()).toEqual({
      status: 0,
      message: 'Permanent deletion needs the Deleted status.',
      code: 'VALIDATION_FAILED',
    });

    const body = (
      await change(admin.token, { orderId: order.orderId, updatingStatus: 'Deleted', permanentDeletedFlag: '1' })
    ).json();
    expect(body).toMatchObject({ status: 1, message: 'Order has been deleted successfully' });
    const row = await statusOf(order.orderId);
    expect(row).toMatchObject({
      processStatus: 'Deleted',
      previousStatus: 'Completed',
      email: null,
      firstName: null,
      lastName: null,
      fullName: null,
      phoneNumber: null,
      passportNumber: null,
      nationalIdentityNumber: null,
      birthYear: null,
      profileImage: null,
      amount: order.amount,
      nationality: order.nationality,
    });
    expect(row?.erasedAt).toBeTruthy();
    expect(row?.searchText).toBe(String(order.orderId).concat('    '));
    const otherNames = await t.database.db
      .select()
      .from(orderOtherNames)
      .where(eq(orderOtherNames.orderId, order.orderId));
    expect(otherNames).toEqual([]);
    const [remark] = await t.database.db.select().from(remarks).where(eq(remarks.orderId, order.orderId));
    expect(remark?.remark).toBe(ERASED_REMARK);
    expect(await t.database.db.select().from(downloadHistory)).toEqual([]);
    expect(await t.database.db.select().from(mailMessages)).toEqual([]);
    const actions = (
      await t.database.db.select().from(orderActivity).where(eq(orderActivity.orderId, order.orderId))
    ).map((a) => a.action);
    expect(actions.sort()).toEqual(['personal-data-erased', 'status-changed']);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order-erased'));
    expect(audit).toHaveLength(1);
  });

  it('refuses unknown statuses, empty selections, bad ids and unknown orders, changing nothing', async () => {
    const admin = await t.signInAs('Admin');
    const order = await insertOrder(t.database.db, { processStatus: 'Awaiting' });
    const cases: Array<[object, number, string]> = [
      [{ orderId: [order.orderId], updatingStatus: 'Shipped' }, 400, 'Unknown status.'],
      [{ orderId: [order.orderId] }, 400, 'Unknown status.'],
      [{ orderId: [], updatingStatus: 'Completed' }, 400, 'Please select at least one order.'],
      [{ orderId: ['x1'], updatingStatus: 'Completed' }, 400, 'Please enter a valid order id.'],
      [{ orderId: [-5], updatingStatus: 'Completed' }, 400, 'Please enter a valid order id.'],
      [{ orderId: [123456789], updatingStatus: 'Completed' }, 404, 'Order not found.'],
    ];
    for (const [payload, code, message] of cases) {
      const response = await change(admin.token, payload);
      expect(response.statusCode, message).toBe(code);
      expect(response.json().message, message).toBe(message);
      expect(response.json().status).toBe(0);
    }
    expect((await statusOf(order.orderId))?.processStatus).toBe('Awaiting');
    expect(await t.database.db.select().from(orderActivity)).toEqual([]);
  });
});
