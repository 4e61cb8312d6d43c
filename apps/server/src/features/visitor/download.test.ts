import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertOrder } from '../../db/factories';
import { auditLog, downloadHistory } from '../../db/schema';
import { signDownloadLink } from './download-link';
import { INVALID_LINK } from './visitor.routes';
import { VISITOR_ACCESS_EXPIRED } from './visitor-access';
import { orderWithDocument, PDF_BYTES, visitorToken } from './visitor-test-helpers';
import { signVisitorToken } from './visitor-token';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const history = (orderId: number | string, token?: string) =>
  t.call({ method: 'POST', url: '/api/front/get-download-history', payload: { orderId: String(orderId) }, token });

const download = (payload: object, token?: string, headers: Record<string, string> = {}) =>
  t.call({
    method: 'POST',
    url: '/api/front/download-passport-doc-pdf',
    payload,
    token,
    headers: { 'user-agent': IPHONE, ...headers },
    remoteAddress: '::ffff:198.51.100.23',
  });

async function trackedOrder() {
  const { order, file1 } = await orderWithDocument(t);
  const token = await visitorToken(t, order.orderId, order.email ?? '');
  return { order, file1, token };
}

describe('visitor history and download', () => {
  it('answers the history with the order summary and the latest document', async () => {
    const { order, file1, token } = await trackedOrder();
    const response = await history(order.orderId, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 1,
      message: 'OK',
      data: [],
      mainResult: {
        order_id: order.orderId,
        first_name: order.firstName,
        last_name: order.lastName,
        process_status: 'Completed',
      },
      path: { file1 },
    });
  });

  it('answers path.file1 null while no document is uploaded', async () => {
    const order = await insertOrder(t.database.db, { email: 'nodoc@example.com' });
    const token = await visitorToken(t, order.orderId, 'nodoc@example.com');
    expect((await history(order.orderId, token)).json().path).toEqual({ file1: null });
  });

  it('logs a download with address, parsed user agent and time zone, and answers a working link', async () => {
    const { order, file1, token } = await trackedOrder();
    const response = await download(
      { orderId: String(order.orderId), customername: 'customer', file1, timezone: 'Asia/Kolkata' },
      token,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 1, message: 'Your download will start shortly.' });
    expect(body.data.url).toMatch(new RegExp(`^/api/front/documents/${file1}\\?oid=${order.orderId}&exp=\\d+&sig=`));

    const [row] = await t.database.db.select().from(downloadHistory).where(eq(downloadHistory.orderId, order.orderId));
    expect(row).toMatchObject({
      file1,
      ip: '::ffff:198.51.100.23',
      userAgent: IPHONE,
      browser: 'Mobile Safari',
      browserVersion: '17.4',
      os: 'iOS 17.4',
      device: 'Apple iPhone',
      deviceType: 'mobile',
      timezone: 'Asia/Kolkata',
    });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'document-download'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ target: `order:${order.orderId}`, ip: '::ffff:198.51.100.23' });

    const file = await t.call({ method: 'GET', url: body.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="NZeTA-${order.orderId}.pdf"`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('no-store');

    const rows = (await history(order.orderId, token)).json().data;
    expect(rows).toEqual([
      {
        order_id: order.orderId,
        create_ts: new Date(row?.createdAt ?? '').toISOString(),
        ip: '198.51.100.23',
        browser: 'Mobile Safari-17.4-Apple-iPhone',
        os: 'iOS 17.4',
        timezone: 'Asia/Kolkata',
      },
    ]);
  });

  it('keeps a dash inside a device model out of the field separators', async () => {
    const { order, file1, token } = await trackedOrder();
    await download({ orderId: String(order.orderId), file1, timezone: 'Europe/London' }, token, {
      'user-agent': ANDROID,
    });
    const [row] = (await history(order.orderId, token)).json().data;
    expect(row.browser.split('-')).toEqual(['Mobile Chrome', '124.0.0.0', 'Samsung', 'SM\u2011S918B']);
    expect(row.os).toBe('Android 14');
  });

  it('keeps no time zone that is not one', async () => {
    const { order, file1, token } = await trackedOrder();
    await download({ orderId: String(order.orderId), file1, timezone: '<script>alert(1)</script>' }, token);
    const [row] = await t.database.db.select().from(downloadHistory);
    expect(row?.timezone).toBeNull();
  });

  it('shows the download to staff in the order’s download history', async () => {
    const { order, file1, token } = await trackedOrder();
    await download({ orderId: String(order.orderId), file1, timezone: 'Pacific/Auckland' }, token, {
      'user-agent': ANDROID,
    });
    const staff = await t.signInAs('Team');
    const detail = await t.call({
      method: 'GET',
      url: `/api/admin/get-orders-details/${order.orderId}`,
      token: staff.token,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.downloadHistory).toEqual([
      expect.objectContaining({
        order_id: order.orderId,
        ip: '::ffff:198.51.100.23',
        browser: 'Mobile Chrome',
        os: 'Android 14',
        device: 'Samsung SM-S918B',
        device_type: 'mobile',
        timezone: 'Pacific/Auckland',
      }),
    ]);
  });

  it('refuses a token for another order on history and download', async () => {
    const a = await trackedOrder();
    const b = await trackedOrder();
    const other = await history(b.order.orderId, a.token);
    expect(other.statusCode).toBe(401);
    expect(other.json()).toEqual({ status: 401, message: VISITOR_ACCESS_EXPIRED, code: 'UNAUTHENTICATED' });
    const foreign = await download({ orderId: String(b.order.orderId), file1: b.file1 }, a.token);
    expect(foreign.statusCode).toBe(401);
    // the right token, but another order's document
    const mixed = await download({ orderId: String(a.order.orderId), file1: b.file1 }, a.token);
    expect(mixed.statusCode).toBe(404);
    expect(await t.database.db.select().from(downloadHistory)).toHaveLength(0);
  });

  it('refuses a missing, tampered or expired visitor token', async () => {
    const { order, file1, token } = await trackedOrder();
    const ref = String(order.orderId);
    const expired = await new SignJWT({ oid: order.orderId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('nzeta-backoffice')
      .setAudience('visitor')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(t.config.jwtSecret);
    const tampered = `${token.slice(0, -3)}${token.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`;
    for (const bad of [undefined, '', tampered, expired, 'Bearer nonsense']) {
      expect((await history(ref, bad)).statusCode).toBe(401);
      expect((await download({ orderId: ref, file1 }, bad)).statusCode).toBe(401);
    }
    expect((await history(ref, `Bearer ${token}`)).statusCode).toBe(200);
  });

  it('refuses a staff token as a visitor token and a visitor token as a staff one', async () => {
    const { order, file1, token } = await trackedOrder();
    const staff = await t.signInAs('Admin');
    expect((await history(order.orderId, staff.token)).statusCode).toBe(401);
    expect((await download({ orderId: String(order.orderId), file1 }, staff.token)).statusCode).toBe(401);
    const asStaff = await t.call({ method: 'GET', url: '/api/user_info', token });
    expect(asStaff.statusCode).toBe(401);
    const visitorSignedByStaffSecret = await signVisitorToken(order.orderId, new TextEncoder().encode('x'.repeat(48)));
    expect((await history(order.orderId, visitorSignedByStaffSecret)).statusCode).toBe(401);
  });

  it('accepts the encoded order id on the visitor calls', async () => {
    const { order, token } = await trackedOrder();
    const { encodeId } = await import('@nzeta/domain');
    expect((await history(encodeId(order.orderId), token)).json().status).toBe(1);
  });

  it('refuses the history of an order erased after it was tracked', async () => {
    const { order, token } = await trackedOrder();
    const { orders } = await import('../../db/schema');
    await t.database.db
      .update(orders)
      .set({ erasedAt: new Date().toISOString() })
      .where(eq(orders.orderId, order.orderId));
    expect((await history(order.orderId, token)).statusCode).toBe(404);
  });

  describe('signed file links', () => {
    const get = (url: string) => t.call({ method: 'GET', url });
    const expectRefused = async (url: string) => {
      const response = await get(url);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ status: 0, message: INVALID_LINK, code: 'LINK_INVALID' });
    };

    it('refuses missing, tampered and expired links', async () => {
      const { order, file1 } = await orderWithDocument(t);
      const other = await orderWithDocument(t);
      const { url } = signDownloadLink(file1, order.orderId, t.config.jwtSecret);
      const parsed = new URL(url, 'http://x');
      const sig = parsed.searchParams.get('sig') ?? '';
      const exp = Number(parsed.searchParams.get('exp'));

      expect((await get(url)).statusCode).toBe(200);
      await expectRefused(`/api/front/documents/${file1}`);
      await expectRefused(`/api/front/documents/${file1}?oid=${order.orderId}&exp=${exp}`);
      await expectRefused(`/api/front/documents/${file1}?oid=${order.orderId}&exp=${exp}&sig=${sig.slice(1)}x`);
      await expectRefused(`/api/front/documents/${file1}?oid=${order.orderId}&exp=${exp + 3600}&sig=${sig}`);
      await expectRefused(`/api/front/documents/${file1}?oid=${other.order.orderId}&exp=${exp}&sig=${sig}`);
      await expectRefused(`/api/front/documents/${other.file1}?oid=${order.orderId}&exp=${exp}&sig=${sig}`);
      await expectRefused(`/api/front/documents/${file1}?oid=${order.orderId}&oid=1&exp=${exp}&sig=${sig}`);
      await expectRefused(`/api/front/documents/${file1}?oid=${order.orderId}&exp=${exp}&sig=${'A'.repeat(5000)}`);

      const old = signDownloadLink(file1, order.orderId, t.config.jwtSecret, new Date(Date.now() - 11 * 60_000));
      await expectRefused(old.url);
    });

    it('answers 404 when the signed document is gone', async () => {
      const order = await insertOrder(t.database.db);
      const { url } = signDownloadLink('AAAAAAAAAAAAAAAAAAAAAA.pdf', order.orderId, t.config.jwtSecret);
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().status).toBe(0);
    });
  });

  describe('bad input', () => {
    it.each([
      [{}, 'Please enter your orderId'],
      [{ orderId: '' }, 'Please enter your orderId'],
      [{ orderId: true }, 'Please enter your orderId'],
      [{ orderId: 'x'.repeat(10_000) }, 'Please enter a valid orderId'],
    ])('history %# answers 400 with the schema message', async (payload, message) => {
      const response = await t.call({ method: 'POST', url: '/api/front/get-download-history', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 0, message, code: 'VALIDATION_FAILED' });
    });

    it.each([
      [{ orderId: '100001' }, 'No document is available yet.'],
      [{ orderId: '100001', file1: '' }, 'No document is available yet.'],
      [{ orderId: '100001', file1: 'x'.repeat(10_000) }, 'This document is not available.'],
      [{ orderId: '100001', file1: 'a.pdf', timezone: 'x'.repeat(10_000) }, 'Please send a valid time zone.'],
      [{ orderId: '100001', file1: 'a.pdf', customername: 'x'.repeat(10_000) }, 'Please enter a valid customer name.'],
      [{ orderId: '100001', file1: ['a.pdf'] }, 'No document is available yet.'],
    ])('download %# answers 400 with the schema message', async (payload, message) => {
      const response = await t.call({ method: 'POST', url: '/api/front/download-passport-doc-pdf', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: 0, message, code: 'VALIDATION_FAILED' });
    });

    it('answers 400 for an order id that is neither numeric nor encoded', async () => {
      const response = await history('abc!');
      expect(response.statusCode).toBe(400);
      expect(response.json().status).toBe(0);
    });
  });
});
