import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BackgroundJobs } from '../../src/background-jobs';
import { buildDownload, insertOrder } from '../../src/db/factories';
import { auditLog, downloadHistory, mailMessages, orderActivity, orders } from '../../src/db/schema';
import { applyOrderAction } from '../../src/features/lifecycle';
import { deliverUntilSettled } from '../../src/features/mail/testing/deliver';
import { multipart } from '../../src/features/order-detail/testing/multipart';
import { samplePdf } from '../../src/features/order-detail/testing/sample-files';
import type { TestApp } from '../test-app';
import { withAppAndJobs } from '../with-app-and-jobs';

let t: TestApp;
let jobs: BackgroundJobs;
withAppAndJobs((app, started) => {
  t = app;
  jobs = started;
});

const rowOf = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.orderId, id)))[0];
const change = (token: string, orderId: number | number[], updatingStatus: string, extra: object = {}) =>
  t.call({
    method: 'PUT',
    url: '/api/admin/change-order-status',
    token,
    payload: { orderId, updatingStatus, ...extra },
  });
const upload = async (token: string, orderId: number) =>
  t.call({
    method: 'POST',
    url: '/api/admin/upload-visa-document',
    token,
    ...multipart(
      { orderId: String(orderId), email: 'ana@example.org', mailServiceProvider: 'AWS' },
      { field: 'uploadVisaDoc', filename: 'a.pdf', contentType: 'application/pdf', content: await samplePdf() },
    ),
  });
async function deliverAll() {
  const waiting = await t.database.db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(inArray(mailMessages.state, ['queued', 'sending']));
  for (const { id } of waiting) await deliverUntilSettled(jobs.mailWorker, t.database.db, id);
}
const processedReport = async (token: string) =>
  (await t.call({ method: 'POST', url: '/api/admin/get-processed-by-count', token, payload: {} })).json().data;

describe('upload goes through the lifecycle', () => {
  it('an upload to a ChargeBack or pending Refunds order keeps its status and re-sends', async () => {
    const night = await t.signInAs('Night Staff');
    for (const processStatus of ['ChargeBack', 'Refunds', 'Completed'] as const) {
      const order = await insertOrder(t.database.db, {
        processStatus,
        processedBy: 'Earlier',
        processedAt: new Date().toISOString(),
      });
      const response = await upload(night.token, order.orderId);
      expect(response.json().status, processStatus).toBe(1);
      await deliverAll();
      expect((await rowOf(order.orderId))?.processStatus, processStatus).toBe(processStatus);
      expect((await rowOf(order.orderId))?.processedBy).toBe('Earlier');
    }
  });

  it('refuses uploads to Deleted and erased orders, storing nothing and sending nothing', async () => {
    const admin = await t.signInAs('Admin');
    const deleted = await insertOrder(t.database.db, { processStatus: 'Deleted', previousStatus: 'ChargeBack' });
    const erased = await insertOrder(t.database.db, { processStatus: 'Completed' });
    expect((await change(admin.token, erased.orderId, 'Deleted', { permanentDeletedFlag: true })).json().status).toBe(
      1,
    );
    for (const order of [deleted, erased]) {
      const response = await upload(admin.token, order.orderId);
      expect(response.statusCode).toBe(409);
      expect(response.json().status).toBe(0);
      expect((await rowOf(order.orderId))?.processStatus).toBe('Deleted');
    }
    expect(await t.database.db.select().from(mailMessages)).toEqual([]);
  });

  it('an open order goes Pending, then Completed on delivery with the uploader credited', async () => {
    const team = await t.signInAs('Team', { name: 'Uma Uploader' });
    const order = await insertOrder(t.database.db, { processStatus: 'Awaiting' });
    await upload(team.token, order.orderId);
    expect((await rowOf(order.orderId))?.processStatus).toBe('Pending');
    await deliverAll();
    expect(await rowOf(order.orderId)).toMatchObject({ processStatus: 'Completed', processedBy: 'Uma Uploader' });
  });
});

describe('moves', () => {
  it('no role moves an order out of Deleted or an erased tombstone anywhere', async () => {
    const admin = await t.signInAs('Admin');
    const deleted = await insertOrder(t.database.db, { processStatus: 'Deleted', previousStatus: 'New' });
    const erased = await insertOrder(t.database.db, { processStatus: 'Completed' });
    await change(admin.token, erased.orderId, 'Deleted', { permanentDeletedFlag: true });
    for (const role of ['Admin', 'Manager', 'Team', 'Telecaller', 'Night Staff'] as const) {
      const member = await t.signInAs(role);
      for (const order of [deleted, erased]) {
        const response = await change(member.token, order.orderId, 'Completed');
        expect(response.statusCode, role).toBe(409);
        expect(await rowOf(order.orderId)).toMatchObject({ processStatus: 'Deleted', processedBy: null });
      }
    }
    const restore = (id: number) =>
      t.call({ method: 'PUT', url: '/api/admin/restore-orders', token: admin.token, payload: { orderId: [id] } });
    expect((await restore(erased.orderId)).statusCode).toBe(409);
    expect((await restore(deleted.orderId)).json().status).toBe(1);
    expect((await rowOf(deleted.orderId))?.processStatus).toBe('New');
  });

  it('change-order-status refuses Pending and New as targets', async () => {
    const admin = await t.signInAs('Admin');
    const order = await insertOrder(t.database.db, { processStatus: 'Awaiting' });
    for (const target of ['Pending', 'New']) {
      const response = await change(admin.token, order.orderId, target);
      expect(response.statusCode).toBe(409);
      expect(response.json().status).toBe(0);
    }
    expect((await rowOf(order.orderId))?.processStatus).toBe('Awaiting');
  });

  it('a refunded order leaves Refunds only by Admin or Manager', async () => {
    const team = await t.signInAs('Team');
    const manager = await t.signInAs('Manager');
    const order = await insertOrder(t.database.db, { processStatus: 'Refunds', refundDate: new Date().toISOString() });
    expect((await change(team.token, order.orderId, 'Completed')).statusCode).toBe(409);
    expect((await change(manager.token, order.orderId, 'ChargeBack')).json().status).toBe(1);
  });

  it('a Manager is refused Delete on a claimed order, the Admin is not', async () => {
    const manager = await t.signInAs('Manager');
    const admin = await t.signInAs('Admin');
    const order = await insertOrder(t.database.db, { processStatus: 'New', assignedTo: manager.id });
    expect((await change(manager.token, order.orderId, 'Deleted')).statusCode).toBe(409);
    expect((await change(admin.token, order.orderId, 'Deleted')).json().status).toBe(1);
  });
});

describe('processed-by credit', () => {
  it('is withdrawn when a Completed order goes back to New work and given to whoever completes it next', async () => {
    const admin = await t.signInAs('Admin');
    const first = await t.signInAs('Team', { name: 'First Finisher' });
    const second = await t.signInAs('Team', { name: 'Second Mover' });
    const order = await insertOrder(t.database.db, { processStatus: 'Awaiting' });
    await change(first.token, order.orderId, 'Completed');
    expect(await processedReport(admin.token)).toEqual([{ processed_by: 'First Finisher', count: 1 }]);
    await change(second.token, order.orderId, 'Customer Called');
    expect(await processedReport(admin.token)).toEqual([{ processed_by: 'First Finisher', count: 1 }]);
    await change(second.token, order.orderId, 'Contact Customer');
    expect(await rowOf(order.orderId)).toMatchObject({ processedBy: null, processedAt: null });
    expect(await processedReport(admin.token)).toEqual([]);
    await change(second.token, order.orderId, 'Completed');
    expect(await processedReport(admin.token)).toEqual([{ processed_by: 'Second Mover', count: 1 }]);
  });

  it('orders outside a delivered status do not count', async () => {
    const admin = await t.signInAs('Admin');
    await insertOrder(t.database.db, {
      processStatus: 'Deleted',
      processedBy: 'Gone',
      processedAt: new Date().toISOString(),
    });
    expect(await processedReport(admin.token)).toEqual([]);
  });
});

describe('claims', () => {
  it('bulk assign names what was assigned and who holds the rest', async () => {
    const me = await t.signInAs('Team');
    const other = await t.signInAs('Team', { name: 'Demo Team' });
    const a = await insertOrder(t.database.db);
    const b = await insertOrder(t.database.db);
    const taken = await insertOrder(t.database.db, { assignedTo: other.id });
    const response = await t.call({
      method: 'PUT',
      url: '/api/admin/assign-order-status',
      token: me.token,
      payload: { orderId: [a.orderId, b.orderId, taken.orderId], assignto: me.name },
    });
    expect(response.json()).toMatchObject({
      status: 1,
      message: `2 assigned; ${taken.orderId} already taken by Demo Team.`,
    });
  });

  it('Admin and Manager reassign or release a colleague’s claims; others may not', async () => {
    const manager = await t.signInAs('Manager');
    const team = await t.signInAs('Team');
    const holder = await t.signInAs('Telecaller', { name: 'Away Member' });
    const order = await insertOrder(t.database.db, { assignedTo: holder.id });
    const reassign = (token: string, staffId: number | null) =>
      t.call({
        method: 'PUT',
        url: '/api/admin/reassign-orders',
        token,
        payload: { orderId: [order.orderId], staffId },
      });
    expect((await reassign(team.token, team.id)).statusCode).toBe(403);
    expect((await reassign(manager.token, team.id)).json().status).toBe(1);
    expect((await rowOf(order.orderId))?.assignedTo).toBe(team.id);
    expect((await reassign(manager.token, null)).json().status).toBe(1);
    expect((await rowOf(order.orderId))?.assignedTo).toBeNull();
    // Ids past PostgreSQL's integer name nobody: refused by the schema, not by the database (a 500).
    const unknown = await reassign(manager.token, Number.MAX_SAFE_INTEGER);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ status: 0, message: 'Team member not found.' });
    expect((await reassign(manager.token, 2_147_483_647)).json()).toMatchObject({
      status: 0,
      message: 'Team member not found.',
    });
  });

  it('deleting a member releases their claimed orders in the same transaction and says how many', async () => {
    const admin = await t.signInAs('Admin');
    const holder = await t.signInAs('Team');
    const a = await insertOrder(t.database.db, { assignedTo: holder.id });
    const b = await insertOrder(t.database.db, { assignedTo: holder.id });
    const response = await t.call({
      method: 'PUT',
      url: '/api/admin/delete-team-member',
      token: admin.token,
      payload: { teamMemberId: holder.id },
    });
    expect(response.json()).toEqual({
      status: 1,
      message: 'Team member deleted successfully. 2 claimed orders were released to the shared folders.',
      data: { releasedOrders: 2 },
    });
    expect((await rowOf(a.orderId))?.assignedTo).toBeNull();
    expect((await rowOf(b.orderId))?.assignedTo).toBeNull();
  });
});

describe('erasure', () => {
  it('scrubs addresses from the activity log, .eml copies, visitor rows and audit addresses', async () => {
    const admin = await t.signInAs('Admin');
    const team = await t.signInAs('Team');
    const order = await insertOrder(t.database.db, { processStatus: 'Awaiting', email: 'ana@example.org' });
    await upload(team.token, order.orderId);
    await deliverAll();
    const [sent] = await t.database.db.select().from(mailMessages).where(eq(mailMessages.orderId, order.orderId));
    const mailDir = path.join(t.config.dataDir, 'mail');
    expect(await readdir(mailDir)).toContain(sent?.providerMessageId);
    await t.database.db.insert(downloadHistory).values(buildDownload({ orderId: order.orderId }));
    await t.database.db.insert(auditLog).values({
      action: 'document-download',
      target: `order:${order.orderId}`,
      ip: '203.0.113.9',
      detail: { browser: 'Firefox' },
    });

    expect((await change(admin.token, order.orderId, 'Deleted', { permanentDeletedFlag: true })).json().status).toBe(1);
    const activity = await t.database.db.select().from(orderActivity).where(eq(orderActivity.orderId, order.orderId));
    expect(JSON.stringify(activity)).not.toContain('ana@example.org');
    expect(await readdir(mailDir)).not.toContain(sent?.providerMessageId);
    expect(await t.database.db.select().from(downloadHistory)).toEqual([]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `order:${order.orderId}`));
    expect(audit).toEqual([expect.objectContaining({ action: 'document-download', ip: null, detail: null })]);
    // Read-only afterwards: no comment, no mail, no invoice.
    const comment = await t.call({
      method: 'POST',
      url: '/api/admin/add-new-remark',
      token: admin.token,
      payload: { orderId: order.orderId, remark: 'hello' },
    });
    expect(comment.statusCode).toBe(409);
    const invoice = await t.call({
      method: 'POST',
      url: '/api/admin/send-invoice',
      token: admin.token,
      payload: { orderId: String(order.orderId) },
    });
    expect(invoice.statusCode).toBe(409);
  });

  it('invoices are refused for Deleted orders', async () => {
    const admin = await t.signInAs('Admin');
    const order = await insertOrder(t.database.db, { processStatus: 'Deleted', previousStatus: 'Completed' });
    const invoice = await t.call({
      method: 'POST',
      url: '/api/admin/send-invoice',
      token: admin.token,
      payload: { orderId: String(order.orderId) },
    });
    expect(invoice.statusCode).toBe(409);
    expect(invoice.json()).toEqual({
      status: 0,
      message: `Order ${order.orderId} deleted: restore it first.`,
      code: 'TRANSITION_NOT_ALLOWED',
    });
  });
});

describe('the system actor', () => {
  it('moves a bounced Completed order to Contact Customer and a lost dispute to Refunds', async () => {
    const a = await insertOrder(t.database.db, {
      processStatus: 'Completed',
      processedBy: 'X',
      processedAt: new Date().toISOString(),
    });
    const b = await insertOrder(t.database.db, {
      processStatus: 'ChargeBack',
      processedBy: 'Y',
      processedAt: new Date().toISOString(),
    });
    const system = { kind: 'system', name: 'Mail delivery' } as const;
    const bounced = await applyOrderAction(t.database.db, {
      orderIds: [a.orderId],
      action: 'move:Contact Customer',
      actor: system,
      reason: 'e-mail bounced',
    });
    expect(bounced.results).toEqual([{ orderId: a.orderId, done: true, from: 'Completed', to: 'Contact Customer' }]);
    expect(await rowOf(a.orderId)).toMatchObject({ processStatus: 'Contact Customer', processedBy: null });
    const lost = await applyOrderAction(t.database.db, {
      orderIds: [b.orderId],
      action: 'move:Refunds',
      actor: { kind: 'system', name: 'Disputes' },
      reason: 'dispute lost',
    });
    expect(lost.done).toEqual([b.orderId]);
    expect(await rowOf(b.orderId)).toMatchObject({ processStatus: 'Refunds', processedBy: 'Y' });
    const [entry] = await t.database.db.select().from(orderActivity).where(eq(orderActivity.orderId, b.orderId));
    expect(entry).toMatchObject({
      actorId: null,
      actorName: 'Disputes',
      action: 'status-changed',
      detail: { reason: 'dispute lost' },
    });
  });
});
