import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildDownload, buildMailMessage, insertOrder } from '../../db/factories';
import { downloadHistory, mailEvents, mailMessages } from '../../db/schema';
import { pdfPages } from '../defence-packs/pdf-text';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
beforeEach(() => t.database.reset());

const PIXEL = {
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0.6367.113 Mobile Safari/537.36',
  browser: 'Mobile Chrome',
  browserVersion: '124.0.6367.113',
  os: 'Android 14',
  device: 'Google Pixel 8',
  deviceType: 'mobile',
};

/** Two disputed orders with their own downloads and mails: the bundle of one must show nothing of the other. */
async function twoOrders() {
  const db = t.database.db;
  const mine = await insertOrder(db, {
    firstName: 'Łukasz Đặng',
    lastName: 'Ζωή Юлия',
    email: 'lukasz@example.org',
    processStatus: 'ChargeBack',
    transactionId: 'ch_mine_001',
  });
  const other = await insertOrder(db, {
    firstName: 'Jane',
    lastName: 'Traveller',
    email: 'jane@example.org',
    processStatus: 'ChargeBack',
    transactionId: 'ch_other_002',
  });
  await db
    .insert(downloadHistory)
    .values([
      buildDownload({ orderId: mine.orderId, ip: '198.51.100.10', timezone: 'Europe/Warsaw', ...PIXEL }),
      buildDownload({ orderId: other.orderId, ip: '192.0.2.99', timezone: 'America/Chicago' }),
    ]);
  const [approval] = await db
    .insert(mailMessages)
    .values([
      buildMailMessage({
        orderId: mine.orderId,
        toAddress: 'lukasz@example.org',
        kind: 'approval',
        providerMessageId: 'ses-msg-mine',
      }),
      buildMailMessage({ orderId: mine.orderId, toAddress: 'lukasz@example.org', kind: 'invoice' }),
      buildMailMessage({ orderId: mine.orderId, toAddress: 'typo@example.net', kind: 'resend' }),
      buildMailMessage({ orderId: other.orderId, toAddress: 'jane@example.org', kind: 'approval' }),
    ])
    .returning();
  await db.insert(mailEvents).values({
    mailId: approval?.id ?? 0,
    provider: 'AWS',
    event: 'delivered',
    providerEventId: 'evt-1',
    occurredAt: new Date().toISOString(),
  });
  return { mine, other };
}

describe('GET /api/admin/orders/{orderId}/dispute/evidence.pdf', () => {
  it("is this order's evidence only, with the Unicode name intact and the provider's delivery event", async () => {
    const { token } = await t.signInAs('Telecaller');
    const { mine, other } = await twoOrders();
    const response = await t.call({
      method: 'GET',
      url: `/api/admin/orders/${mine.orderId}/dispute/evidence.pdf`,
      token,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = (await pdfPages(response.rawPayload)).join('\n').replace(/[ \t]+/g, ' ');
    expect(text).toContain(String(mine.orderId));
    expect(text).toContain('Łukasz Đặng Ζωή Юлия');
    expect(text).toContain('ch_mine_001');
    expect(text).toContain('Mobile Chrome 124.0.6367.113');
    expect(text).toContain('Google Pixel 8');
    expect(text).toContain('ses-msg-mine');
    expect(text).toMatch(/delivered AWS/);
    expect(text).toContain('Invoice');
    for (const foreign of [
      String(other.orderId),
      'Jane',
      'ch_other_002',
      '192.0.2.99',
      'jane@example.org',
      'typo@example.net',
    ]) {
      expect(text).not.toContain(foreign);
    }
  });

  it('the panel learns size, pages and the checklist before download', async () => {
    const { token } = await t.signInAs('Team');
    const { mine } = await twoOrders();
    const response = await t.call({ method: 'GET', url: `/api/admin/orders/${mine.orderId}/dispute/evidence`, token });
    const { data } = response.json();
    expect(data.bundle).toMatchObject({ network: 'Other', fits: true, shortened: [] });
    expect(data.bundle.pages).toBeGreaterThan(1);
    expect(data.bundle.bytes).toBeLessThan(data.bundle.profile.maxBytes);
    expect(Object.fromEntries(data.checklist.map((c: { key: string; ok: boolean }) => [c.key, c.ok]))).toEqual({
      documentDelivered: true,
      deliveryConfirmed: false,
      customerDownloaded: true,
      transactionIdPresent: true,
      noRefundRequest: true,
    });
    expect(data.delivery.approval).toMatchObject({ to: 'lukasz@example.org', providerMessageId: 'ses-msg-mine' });
    expect(data.delivery.approval.events).toEqual([expect.objectContaining({ event: 'delivered' })]);
  });

  it('is rendered once per version of the records: the panel, its refresh and the download share it', async () => {
    const { token } = await t.signInAs('Team');
    const { mine } = await twoOrders();
    const render = vi.spyOn(t.app.ctx.pdf, 'render');
    try {
      const panel = () => t.call({ method: 'GET', url: `/api/admin/orders/${mine.orderId}/dispute/evidence`, token });
      const download = () =>
        t.call({ method: 'GET', url: `/api/admin/orders/${mine.orderId}/dispute/evidence.pdf`, token });
      const first = (await panel()).json().data.bundle;
      await panel();
      const pdf = (await download()).rawPayload;
      expect(render).toHaveBeenCalledTimes(1);
      expect(pdf.length).toBe(first.bytes);
      // a new record is a new version: drawn again, and it shows
      await t.database.db.insert(downloadHistory).values(buildDownload({ orderId: mine.orderId, ip: '203.0.113.77' }));
      const again = (await download()).rawPayload;
      expect(render).toHaveBeenCalledTimes(2);
      expect((await pdfPages(again)).join(' ')).toContain('203.0.113.77');
    } finally {
      render.mockRestore();
    }
  });
});
