import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { testEngine } from '../../../test/test-database';
import { buildDownload, buildMailMessage, buildRemark, insertOrder, insertStaff } from '../../db/factories';
import { auditLog, documents, downloadHistory, mailMessages, orderActivity, remarks } from '../../db/schema';
import { getOrderDetail } from './get-order-detail';
import { countingDb } from './testing/counting-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ APPLICATION_MAIL_DOMAIN: 'inbox.example.org', BUSINESS_TZ: 'America/New_York' });
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

/** Gives an order `n` rows in every history list. */
async function addHistory(orderId: number, n: number, staffId: number) {
  const db = t.database.db;
  const [document] = await db
    .insert(documents)
    .values({
      orderId,
      file1: `doc${orderId}abcdef.pdf`,
      contentType: 'application/pdf',
      size: 10,
      sha256: 'x',
      customerName: 'Ana Example',
      mailServiceProvider: 'AWS',
      uploadedBy: staffId,
    })
    .returning();
  for (let i = 0; i < n; i++) {
    await db.insert(remarks).values(buildRemark({ orderId, whatsapp: i % 2 ? 'Y' : 'N' }));
    await db.insert(downloadHistory).values(buildDownload({ orderId }));
    await db.insert(mailMessages).values(buildMailMessage({ orderId, documentId: document?.id ?? null }));
    await db.insert(orderActivity).values({ orderId, actorName: 'Someone', action: 'remark-added' });
  }
}

describe('GET /api/admin/get-orders-details/:orderId', () => {
  it('answers the order with every list, the assignee name and the application e-mail', async () => {
    const member = await t.signInAs('Team', { name: 'Tia Worker' });
    const order = await insertOrder(t.database.db, {
      assignedTo: member.id,
      anyOffence: 'yes',
      moreImprisonment: 'no',
      convictedOfAnOffence: 'yes',
      otherNames: [{ differentFirstName: 'Anna', differentLastName: 'Old' }],
    });
    await addHistory(order.orderId, 2, member.id);
    await t.database.db.insert(remarks).values({
      orderId: order.orderId,
      remarkName: 'Tia Worker',
      remark: 'Called',
      telephone: 'Y',
      createdAt: '2026-01-15T15:30:00Z',
    });

    const response = await t.call({
      method: 'GET',
      url: `/api/admin/get-orders-details/${order.orderId}`,
      token: member.token,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      order_id: order.orderId,
      email: order.email,
      passport_number: order.passportNumber,
      any_offence: 'yes',
      convicted_of_an_offence: 'yes',
      process_status: 'New',
      transaction_id: order.transactionId,
      payment_gateway: order.paymentGateway,
      assign_to: 'Tia Worker',
      application_email: `${order.orderId}@inbox.example.org`,
      otherNames: [{ different_first_name: 'Anna', different_last_name: 'Old' }],
    });
    expect(data.search_text).toBeUndefined();
    expect(data.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
    expect(data.uploadDoc).toEqual([
      expect.objectContaining({
        file1: `doc${order.orderId}abcdef.pdf`,
        customer_name: 'Ana Example',
        mail_service_provider: 'AWS',
      }),
    ]);
    expect(data.mailHistory).toHaveLength(2);
    expect(data.mailHistory[0]).toMatchObject({
      order_id: order.orderId,
      state: 'sent',
      uploadDoc: { file1: `doc${order.orderId}abcdef.pdf` },
    });
    expect(data.downloadHistory).toHaveLength(2);
    expect(data.downloadHistory[0]).toHaveProperty('ip');
    expect(data.activity).toHaveLength(2);
    // 15:30 UTC on 15 January is 10:30 in New York.
    const called = data.remark.find((r: { remark: string }) => r.remark === 'Called');
    expect(called).toMatchObject({
      us_date: '15/01/2026',
      us_time: '10:30',
      remark_name: 'Tia Worker',
      telephone: 'Y',
      whatsapp: 'N',
      report_error: 'N',
    });

    // The view is written in a batch: at once when asked to.
    await t.app.ctx.auditBatch.flush();
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order-viewed'), eq(auditLog.target, String(order.orderId))));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actorId).toBe(member.id);
  });

  it('answers 404 for an unknown order and 400 for a malformed id', async () => {
    const { token } = await t.signInAs('Telecaller');
    const unknown = await t.call({ method: 'GET', url: '/api/admin/get-orders-details/999999', token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 0, message: 'Order not found.', code: 'ORDER_NOT_FOUND' });
    const malformed = await t.call({ method: 'GET', url: '/api/admin/get-orders-details/abc', token });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().status).toBe(0);
  });

  it('refuses a caller without a session', async () => {
    const order = await insertOrder(t.database.db);
    const response = await t.call({ method: 'GET', url: `/api/admin/get-orders-details/${order.orderId}` });
    expect(response.statusCode).toBe(401);
  });

  it('reads with a fixed number of queries, whatever the history size', async () => {
    const member = await insertStaff(t.database.db, { type: 'Team' });
    const small = await insertOrder(t.database.db, {
      otherNames: [{ differentFirstName: 'A', differentLastName: 'B' }],
    });
    const large = await insertOrder(t.database.db, {
      otherNames: Array.from({ length: 6 }, (_, i) => ({ differentFirstName: `F${i}`, differentLastName: `L${i}` })),
    });
    await addHistory(small.orderId, 1, member.id);
    await addHistory(large.orderId, 25, member.id);

    const options = { applicationMailDomain: 'inbox.example.org', businessTimeZone: 'America/New_York' };
    const first = countingDb(t.database.db, testEngine);
    const smallDetail = await getOrderDetail(first.db, { ...options, orderId: small.orderId });
    const second = countingDb(t.database.db, testEngine);
    const largeDetail = await getOrderDetail(second.db, { ...options, orderId: large.orderId });

    expect(smallDetail?.remark).toHaveLength(1);
    expect(largeDetail?.remark).toHaveLength(25);
    expect(largeDetail?.mailHistory).toHaveLength(25);
    expect(largeDetail?.otherNames).toHaveLength(6);
    // One query: the order with every list (otherNames, uploadDoc, mailHistory, downloadHistory, remark, activity).
    expect(first.queries).toHaveLength(1);
    expect(second.queries).toHaveLength(first.queries.length);
  });
});
