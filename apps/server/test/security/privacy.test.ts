import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBackgroundJobs } from '../../src/background-jobs';
import { buildDownload, buildMailMessage } from '../../src/db/factories';
import {
  auditLog,
  documents,
  downloadHistory,
  mailMessages,
  orderActivity,
  orderOtherNames,
  orders,
} from '../../src/db/schema';
import { createDocumentStorage, type DocumentStorage } from '../../src/features/documents/storage';
import { purgeExpiredPersonalData, startRetentionJob } from '../../src/features/privacy/retention';
import { orderWithDocument, visitorToken } from '../../src/features/visitor/visitor-test-helpers';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './support';

let t: TestApp;
let storage: DocumentStorage;
beforeAll(async () => {
  t = await createTestApp({ TRACK_IP_LIMIT: '100000' });
  storage = createDocumentStorage(t.config);
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
const rowOf = async (orderId: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.orderId, orderId)))[0];

/** An order with a stored document and a stored traveller photo. */
async function orderWithFiles(overrides: Parameters<typeof orderWithDocument>[1]) {
  const { order, file1 } = await orderWithDocument(t, {
    otherNames: [{ differentFirstName: 'Former', differentLastName: 'Name' }],
    ...overrides,
  });
  const photo = `photo${order.orderId}abcdef.jpg`;
  await storage.put(photo, Buffer.from([0xff, 0xd8, 0xff]));
  await t.database.db.update(orders).set({ profileImage: photo }).where(eq(orders.orderId, order.orderId));
  return { order, file1, photo };
}

describe('Admin erasure of an order', () => {
  it('removes the personal data, documents and photo, and leaves an anonymous tombstone', async () => {
    const admin = await t.signInAs('Admin');
    const { order, file1, photo } = await orderWithFiles({ processStatus: 'Completed', amount: '99.00' });
    await t.database.db.insert(downloadHistory).values(buildDownload({ orderId: order.orderId }));
    await t.database.db.insert(mailMessages).values(buildMailMessage({ orderId: order.orderId }));
    const visitor = await visitorToken(t, order.orderId, order.email ?? '');

    const answer = await t.call({
      method: 'PUT',
      url: '/api/admin/change-order-status',
      token: admin.token,
      payload: { orderId: order.orderId, updatingStatus: 'Deleted', permanentDeletedFlag: true },
    });
    expect(answer.json()).toMatchObject({ status: 1 });

    const row = await rowOf(order.orderId);
    expect(row).toMatchObject({
      orderId: order.orderId,
      processStatus: 'Deleted',
      amount: '99.00',
      email: null,
      fullName: null,
      passportNumber: null,
      nationalIdentityNumber: null,
      birthYear: null,
      profileImage: null,
    });
    expect(row?.erasedAt).toBeTruthy();
    expect(await storage.exists(file1)).toBe(false);
    expect(await storage.exists(photo)).toBe(false);
    expect(await t.database.db.select().from(documents).where(eq(documents.orderId, order.orderId))).toEqual([]);
    expect(
      await t.database.db.select().from(orderOtherNames).where(eq(orderOtherNames.orderId, order.orderId)),
    ).toEqual([]);

    // Nothing left to find: staff search, the detail page, the visitor's token and a new track.
    const search = await t.call({
      method: 'POST',
      url: '/api/admin/search-order',
      token: admin.token,
      payload: { searchVal: (order.passportNumber ?? '').toLowerCase(), folderName: 'deletedOrder' },
    });
    expect(search.json().data).toEqual([]);
    const detail = (
      await t.call({ method: 'GET', url: `/api/admin/get-orders-details/${order.orderId}`, token: admin.token })
    ).body;
    for (const value of [order.passportNumber, order.email, order.lastName, order.nationalIdentityNumber]) {
      if (value) expect(detail).not.toContain(value);
    }
    const history = await t.call({
      method: 'POST',
      url: '/api/front/get-download-history',
      headers: { authorization: visitor },
      payload: { orderId: String(order.orderId) },
    });
    expect(history.statusCode).toBeGreaterThanOrEqual(400);
    const track = await t.call({
      method: 'POST',
      url: '/api/front/track-order',
      payload: { orderId: String(order.orderId), email: order.email },
    });
    expect(track.statusCode).toBe(404);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'order-erased'));
    expect(audit).toHaveLength(1);
  });
});

describe('the retention job', () => {
  it('purges identity data and documents N days after completion, never in ChargeBack', async () => {
    const expired = await orderWithFiles({ processStatus: 'Completed', processedAt: daysAgo(31) });
    const refunded = await orderWithFiles({ processStatus: 'Refunds', processedAt: daysAgo(90) });
    const recent = await orderWithFiles({ processStatus: 'Completed', processedAt: daysAgo(29) });
    const chargeBack = await orderWithFiles({ processStatus: 'ChargeBack', processedAt: daysAgo(200) });
    const open = await orderWithFiles({ processStatus: 'New', processedAt: null });
    const sentMail = buildMailMessage({ orderId: expired.order.orderId });
    await t.database.db.insert(mailMessages).values({ ...sentMail, state: 'sent' });

    const result = await purgeExpiredPersonalData(t.database.db, storage, { retentionDays: 30 });
    expect(result).toEqual({ orders: 2, files: 4 });

    for (const purged of [expired, refunded]) {
      const row = await rowOf(purged.order.orderId);
      expect(row).toMatchObject({
        passportNumber: null,
        nationalIdentityNumber: null,
        birthDate: null,
        birthYear: null,
        placeOfBirth: null,
        expiryYear: null,
        gender: null,
        profileImage: null,
        erasedAt: null,
        // The order itself stays, with its status, contact and payment for accounting.
        processStatus: purged.order.processStatus,
        email: purged.order.email,
        amount: purged.order.amount,
      });
      expect(await storage.exists(purged.file1)).toBe(false);
      expect(await storage.exists(purged.photo)).toBe(false);
    }
    const purgedIds = [expired.order.orderId, refunded.order.orderId];
    expect(await t.database.db.select().from(documents).where(inArray(documents.orderId, purgedIds))).toEqual([]);
    expect(
      await t.database.db.select().from(orderOtherNames).where(inArray(orderOtherNames.orderId, purgedIds)),
    ).toEqual([]);
    const [mail] = await t.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.orderId, expired.order.orderId));
    expect(mail).toMatchObject({ state: 'sent', documentId: null, attachments: [] });
    const activity = await t.database.db
      .select()
      .from(orderActivity)
      .where(eq(orderActivity.action, 'identity-data-purged'));
    expect(activity.map((a) => a.orderId).sort()).toEqual([...purgedIds].sort());
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'retention-purge'))).toHaveLength(1);

    for (const kept of [recent, chargeBack, open]) {
      const row = await rowOf(kept.order.orderId);
      expect(row?.passportNumber).toBe(kept.order.passportNumber);
      expect(row?.profileImage).toBe(kept.photo);
      expect(await storage.exists(kept.file1)).toBe(true);
    }

    expect(await purgeExpiredPersonalData(t.database.db, storage, { retentionDays: 30 })).toEqual({
      orders: 0,
      files: 0,
    });
    report(`retention: ${result.orders} orders purged after 30 days (ChargeBack, recent and open orders kept)`);
  });

  it('waits for mail still on its way, and is off with RETENTION_DAYS=0', async () => {
    const pending = await orderWithFiles({ processStatus: 'Completed', processedAt: daysAgo(400) });
    await t.database.db
      .insert(mailMessages)
      .values({ ...buildMailMessage({ orderId: pending.order.orderId }), state: 'queued' });
    expect(await purgeExpiredPersonalData(t.database.db, storage, { retentionDays: 0 })).toEqual({
      orders: 0,
      files: 0,
    });
    expect(await purgeExpiredPersonalData(t.database.db, storage, { retentionDays: 30 })).toEqual({
      orders: 0,
      files: 0,
    });
    await t.database.db.update(mailMessages).set({ state: 'sent' });
    expect((await purgeExpiredPersonalData(t.database.db, storage, { retentionDays: 30 })).orders).toBe(1);
  });

  it('is started with the background jobs when RETENTION_DAYS is set', async () => {
    const expired = await orderWithFiles({ processStatus: 'Completed', processedAt: daysAgo(45) });
    const configured = await createTestApp({ RETENTION_DAYS: '30', MAIL_WORKER: 'off' }, { database: t.database });
    const jobs = await startBackgroundJobs(configured.app);
    try {
      await expect.poll(async () => (await rowOf(expired.order.orderId))?.passportNumber, { timeout: 5000 }).toBeNull();
    } finally {
      await jobs.stop();
      await configured.close();
    }
  });

  it('runs at start and then on its interval until stopped', async () => {
    const first = await orderWithFiles({ processStatus: 'Completed', processedAt: daysAgo(10) });
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const job = startRetentionJob({ db: t.database.db, storage, retentionDays: 7, log, intervalMs: 50 });
    expect((await job.firstRun).orders).toBe(1);
    expect((await rowOf(first.order.orderId))?.passportNumber).toBeNull();

    const second = await orderWithFiles({ processStatus: 'Completed', processedAt: daysAgo(8) });
    await expect.poll(async () => (await rowOf(second.order.orderId))?.passportNumber, { timeout: 5000 }).toBeNull();
    await job.stop();
    const third = await orderWithFiles({ processStatus: 'Completed', processedAt: daysAgo(8) });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await rowOf(third.order.orderId))?.passportNumber).toBe(third.order.passportNumber);
  });
});
