import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertOrder } from '../../src/db/factories';
import { staff } from '../../src/db/schema';
import { signDownloadLink } from '../../src/features/visitor/download-link';
import { orderWithDocument, visitorToken } from '../../src/features/visitor/visitor-test-helpers';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRACK_IP_LIMIT: '100000' });
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const post = (url: string, payload: object, authorization?: string) =>
  t.call({ method: 'POST', url, payload, headers: authorization ? { authorization } : {} });

describe('a visitor token opens its own order only', () => {
  it('never reaches another order’s history, document or file', async () => {
    const a = await orderWithDocument(t);
    const b = await orderWithDocument(t);
    const tokenA = await visitorToken(t, a.order.orderId, a.order.email ?? '');
    const idA = String(a.order.orderId);
    const idB = String(b.order.orderId);

    const attempts = [
      post('/api/front/get-download-history', { orderId: idB }, tokenA),
      post('/api/front/download-passport-doc-pdf', { orderId: idB, file1: b.file1 }, tokenA),
      // Its own order id with the other order's file: the pair must match.
      post('/api/front/download-passport-doc-pdf', { orderId: idA, file1: b.file1 }, tokenA),
    ];
    const answers = await Promise.all(attempts);
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 404]);
    for (const answer of answers) expect(answer.body).not.toContain(b.order.email ?? '@');

    // A link signed for A's file does not open B's file, nor A's file under B's order.
    const link = new URL(signDownloadLink(a.file1, a.order.orderId, t.config.jwtSecret).url, 'http://x');
    const swappedFile = `/api/front/documents/${b.file1}${link.search}`;
    const swappedOrder = `${link.pathname}?${new URLSearchParams({
      oid: idB,
      exp: link.searchParams.get('exp') ?? '',
      sig: link.searchParams.get('sig') ?? '',
    })}`;
    expect((await t.call({ method: 'GET', url: swappedFile })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: swappedOrder })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(200);

    // Nothing was logged against B.
    const history = await post(
      '/api/front/get-download-history',
      { orderId: idB },
      await visitorToken(t, b.order.orderId, b.order.email ?? ''),
    );
    expect(history.json().data).toEqual([]);
  });
});

describe('staff document links name the order and the file together', () => {
  it('answers 404 for one order’s file asked for under another order', async () => {
    const { token } = await t.signInAs('Team');
    const a = await orderWithDocument(t);
    const b = await orderWithDocument(t);
    const crossed = await t.call({ method: 'GET', url: `/api/admin/documents/${a.order.orderId}/${b.file1}`, token });
    expect(crossed.statusCode).toBe(404);
    const own = await t.call({ method: 'GET', url: `/api/admin/documents/${b.order.orderId}/${b.file1}`, token });
    expect(own.statusCode).toBe(200);
  });
});

describe('My Orders belongs to the signed-in member', () => {
  it('never lists, searches, counts or exports another member’s orders', async () => {
    const me = await t.signInAs('Team');
    const other = await t.signInAs('Team');
    const mine = await insertOrder(t.database.db, { processStatus: 'New', assignedTo: me.id, fullName: 'Mine Kauri' });
    const theirs = await insertOrder(t.database.db, {
      processStatus: 'New',
      assignedTo: other.id,
      fullName: 'Theirs Kauri',
    });
    const asking = `userName=${encodeURIComponent(other.name)}`;

    const list = (
      await t.call({ method: 'GET', url: `/api/admin/get-orders-list/myOrder?${asking}`, token: me.token })
    ).json();
    expect(list.data.map((r: { order_id: number }) => r.order_id)).toEqual([mine.orderId]);

    const search = (
      await t.call({
        method: 'POST',
        url: '/api/admin/search-order',
        token: me.token,
        payload: { start: 1, end: 50, searchVal: 'kauri', folderName: 'myOrder' },
      })
    ).json();
    expect(search.data.map((r: { order_id: number }) => r.order_id)).toEqual([mine.orderId]);

    const counts = (
      await t.call({ method: 'GET', url: `/api/admin/get-folder-count?${asking}`, token: me.token })
    ).json();
    expect(counts.data.myOrdersCount).toBe(1);

    const csv = await t.call({ method: 'GET', url: '/api/admin/export-orders.csv?folder=myOrder', token: me.token });
    expect(csv.body).toContain(String(mine.orderId));
    expect(csv.body).not.toContain(String(theirs.orderId));
  });
});

describe('a Manager cannot touch an Admin', () => {
  it('cannot edit, demote, re-password or delete an Admin, nor make one', async () => {
    const manager = await t.signInAs('Manager');
    const admin = await t.signInAs('Admin');
    const edit = (payload: object) =>
      t.call({ method: 'POST', url: '/api/admin/update-team-member', token: manager.token, payload });
    const base = { name: admin.name, email: admin.email, tmId: admin.id };

    const answers = [
      await edit({ ...base, name: 'Renamed', type: 'Admin', password: '' }),
      await edit({ ...base, type: 'Team', password: '' }),
      await edit({ ...base, type: 'Admin', password: 'taken-over-1' }),
      await t.call({
        method: 'PUT',
        url: '/api/admin/delete-team-member',
        token: manager.token,
        payload: { teamMemberId: admin.id },
      }),
      await t.call({
        method: 'POST',
        url: '/api/admin/add-team-member',
        token: manager.token,
        payload: { name: 'Second Admin', email: 'second.admin@example.com', password: 'abcdef1', type: 'Admin' },
      }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403]);

    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, admin.id));
    expect(row).toMatchObject({ name: admin.name, type: 'Admin', deletedAt: null, tokenVersion: 0 });
    expect((await t.call({ method: 'GET', url: '/api/user_info', token: admin.token })).statusCode).toBe(200);
    const added = await t.database.db.select().from(staff).where(eq(staff.email, 'second.admin@example.com'));
    expect(added).toEqual([]);
  });
});
