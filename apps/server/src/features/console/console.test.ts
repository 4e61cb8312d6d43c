import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertOrder } from '../../db/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const due = { processingMode: 'Standard', processingDate: null } as const;
const ids = (body: { data: Array<{ order_id: number }> }) => body.data.map((row) => row.order_id);
const find = (token: string, q: string) =>
  t.call({ method: 'GET', url: `/api/admin/global-search?q=${encodeURIComponent(q)}`, token });

describe('global search', () => {
  it('finds by exact id and passport, and by part of a name, e-mail or phone, with the folder', async () => {
    const { token } = await t.signInAs('Team');
    const target = await insertOrder(t.database.db, {
      ...due,
      firstName: 'Ottoline',
      lastName: 'Bude',
      fullName: 'Ottoline Bude',
      email: 'o.bude@example.org',
      phoneNumber: '0219876543',
      passportNumber: 'PA1234567',
      processStatus: 'Awaiting',
    });
    await insertOrder(t.database.db, { ...due, passportNumber: 'PA1234567X', firstName: 'Other' });

    for (const term of [String(target.orderId), 'pa1234567', 'TOLINE', 'bude@EXAMPLE', '9876543']) {
      const body = (await find(token, term)).json();
      expect(body.status, term).toBe(1);
      expect(body.data[0], term).toMatchObject({ order_id: target.orderId, folder: 'awaitingOrder' });
    }
    const exact = (await find(token, 'PA1234567')).json();
    expect(exact.data[0]).toMatchObject({ order_id: target.orderId, match: 'exact' });
    expect(exact.data.filter((hit: { match: string }) => hit.match === 'exact')).toHaveLength(1);
  });

  it('matches one or two characters anywhere in the id, name or e-mail', async () => {
    const { token } = await t.signInAs('Admin');
    const bude = await insertOrder(t.database.db, { ...due, fullName: 'Ana Bude', email: 'zz@example.com' });
    const none = await insertOrder(t.database.db, { ...due, fullName: 'Kim Low', email: 'kl@example.com' });
    expect(ids((await find(token, 'bu')).json())).toContain(bude.orderId);
    expect(ids((await find(token, 'bu')).json())).not.toContain(none.orderId);
    // "a" sits inside "Ana" and "example": every order here has an e-mail at example.com.
    expect(ids((await find(token, 'a')).json()).sort()).toEqual([bude.orderId, none.orderId].sort());
  });

  it('never shows a Telecaller an order only Order History lists', async () => {
    const telecaller = await t.signInAs('Telecaller');
    const other = await t.signInAs('Team');
    const claimedByOther = await insertOrder(t.database.db, {
      ...due,
      fullName: 'Hidden Claimed',
      assignedTo: other.id,
    });
    const mine = await insertOrder(t.database.db, { ...due, fullName: 'Hidden Mine', assignedTo: telecaller.id });
    const completed = await insertOrder(t.database.db, { ...due, fullName: 'Hidden Done', processStatus: 'Completed' });

    const body = (await find(telecaller.token, 'hidden')).json();
    expect(ids(body).sort()).toEqual([mine.orderId, completed.orderId].sort());
    expect(body.data.find((h: { order_id: number }) => h.order_id === mine.orderId).folder).toBe('myOrder');
    expect(ids((await find(telecaller.token, String(claimedByOther.orderId))).json())).toEqual([]);

    // The member holding it, and anyone allowed Order History, find it.
    expect(ids((await find(other.token, String(claimedByOther.orderId))).json())).toEqual([claimedByOther.orderId]);
    const admin = await t.signInAs('Admin');
    const hit = (await find(admin.token, String(claimedByOther.orderId))).json().data[0];
    expect(hit).toMatchObject({ order_id: claimedByOther.orderId, folder: 'allOrder', match: 'exact' });
  });

  it('answers 400 with the message for an empty term and 401 without a token', async () => {
    const { token } = await t.signInAs('Team');
    const empty = await find(token, '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ status: 0, message: 'Please enter a search term.' });
    expect((await t.call({ method: 'GET', url: '/api/admin/global-search?q=a' })).statusCode).toBe(401);
  });
});

describe('folder lists: sorting, status filter, service-level fields', () => {
  const list = (token: string, query: string) =>
    t.call({ method: 'GET', url: `/api/admin/get-orders-list/allOrder?${query}`, token });

  it('sorts by a chosen column either way and pages through it with the cursor', async () => {
    const { token } = await t.signInAs('Admin');
    const c = await insertOrder(t.database.db, { ...due, fullName: 'Carla Zed', email: 'a@example.com' });
    const a = await insertOrder(t.database.db, { ...due, fullName: 'alba Young', email: 'c@example.com' });
    const b = await insertOrder(t.database.db, { ...due, fullName: 'Bruno Xu', email: 'b@example.com' });
    expect(ids((await list(token, 'sort=name')).json())).toEqual([a.orderId, b.orderId, c.orderId]);
    expect(ids((await list(token, 'sort=name&dir=desc')).json())).toEqual([c.orderId, b.orderId, a.orderId]);
    expect(ids((await list(token, 'sort=email')).json())).toEqual([c.orderId, b.orderId, a.orderId]);
    expect(ids((await list(token, 'sort=id&dir=asc')).json())).toEqual([c.orderId, a.orderId, b.orderId]);

    const first = (await list(token, 'sort=name&perPage=2')).json();
    expect(ids(first)).toEqual([a.orderId, b.orderId]);
    const next = (await list(token, `sort=name&perPage=2&cursor=${first.nextCursor}`)).json();
    expect(ids(next)).toEqual([c.orderId]);

    const searched = await t.call({
      method: 'POST',
      url: '/api/admin/search-order',
      token,
      payload: { start: 1, end: 10, searchVal: 'example', folderName: 'allOrder', sort: 'name', dir: 'desc' },
    });
    expect(ids(searched.json())).toEqual([c.orderId, b.orderId, a.orderId]);
  });

  it('filters Order History by status, with its total', async () => {
    const { token } = await t.signInAs('Team');
    const done = await insertOrder(t.database.db, { ...due, processStatus: 'Completed' });
    await insertOrder(t.database.db, { ...due, processStatus: 'Awaiting' });
    await insertOrder(t.database.db, { ...due });
    const body = (await list(token, 'status=Completed')).json();
    expect(ids(body)).toEqual([done.orderId]);
    expect(body.total).toBe(1);
    const bad = await list(token, 'status=Nope&sort=colour');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe(0);
  });

  it('gives open Priority and Standard orders a due time and sorts the nearest breach first', async () => {
    const { token } = await t.signInAs('Admin');
    const standardOld = await insertOrder(t.database.db, { ...due, createdAt: hoursAgo(70) });
    const priority = await insertOrder(t.database.db, { ...due, processingMode: 'Priority', createdAt: hoursAgo(1) });
    const fresh = await insertOrder(t.database.db, { ...due, createdAt: hoursAgo(2) });
    const closed = await insertOrder(t.database.db, { ...due, processStatus: 'Completed', createdAt: hoursAgo(90) });

    const body = (await list(token, 'sort=sla')).json();
    expect(ids(body)).toEqual([standardOld.orderId, priority.orderId, fresh.orderId, closed.orderId]);
    const rows = Object.fromEntries(body.data.map((row: { order_id: number }) => [row.order_id, row]));
    const dueIn = (id: number) => (Date.parse(rows[id].sla_due_at) - Date.now()) / 3_600_000;
    expect(dueIn(standardOld.orderId)).toBeCloseTo(2, 1);
    expect(dueIn(priority.orderId)).toBeCloseTo(23, 1);
    expect(rows[closed.orderId].sla_due_at).toBeNull();
    expect(rows[priority.orderId].processing_mode).toBe('Priority');

    // Targets come from Settings, saved with the rest of the screen; lists use them at once.
    const current = (await t.call({ method: 'GET', url: '/api/admin/settings', token })).json().data;
    const saved = await t.call({
      method: 'PUT',
      url: '/api/admin/settings',
      token,
      payload: { ...current, sla: { priorityHours: 4, standardHours: 100 } },
    });
    expect(saved.json().status).toBe(1);
    const settings = (await t.call({ method: 'GET', url: '/api/admin/settings', token })).json();
    const after = (await list(token, 'sort=sla')).json();
    const priorityRow = after.data.find((row: { order_id: number }) => row.order_id === priority.orderId);
    expect((Date.parse(priorityRow.sla_due_at) - Date.now()) / 3_600_000).toBeCloseTo(3, 1);
    expect(settings.data.sla).toEqual({ priorityHours: 4, standardHours: 100 });
  });
});

describe('dashboard', () => {
  it('gives each queue its size and oldest order, throughput per member and failing deliveries', async () => {
    const member = await t.signInAs('Team', { name: 'Dana Lead' });
    const oldest = await insertOrder(t.database.db, { ...due, createdAt: hoursAgo(80) });
    await insertOrder(t.database.db, { ...due, createdAt: hoursAgo(5) });
    await insertOrder(t.database.db, { ...due, processingMode: 'Priority', createdAt: hoursAgo(3) });
    await insertOrder(t.database.db, {
      ...due,
      processStatus: 'Completed',
      processedById: member.id,
      processedBy: 'Dana Lead',
      processedAt: new Date().toISOString(),
    });
    await t.database.db.execute(
      sql`insert into mail_messages (order_id, kind, provider, to_address, subject, html, text, idempotency_key, state, last_error)
        values (${oldest.orderId}, 'approval', 'AWS', 'x@example.com', 's', 'h', 't', 'k1', 'failed', 'Mailbox full')`,
    );

    const body = (await t.call({ method: 'GET', url: '/api/admin/dashboard', token: member.token })).json();
    expect(body).toMatchObject({ status: 1, message: 'Dashboard loaded.' });
    const queue = (folder: string) => body.data.queues.find((q: { folder: string }) => q.folder === folder);
    expect(queue('newOrder').count).toBe(2);
    expect(Date.parse(queue('newOrder').oldestAt)).toBe(Date.parse(oldest.createdAt));
    // The targets are those Settings hold (cached for a few seconds, so an earlier test's may show).
    const hours = body.data.sla.standardHours;
    expect(Date.parse(queue('newOrder').oldestDueAt) - Date.parse(oldest.createdAt)).toBe(hours * 3_600_000);
    expect(queue('priorityOrder').count).toBe(1);
    expect(queue('awaitingOrder')).toMatchObject({ count: 0, oldestAt: null });
    expect(body.data.throughput).toEqual([{ name: 'Dana Lead', today: 1, week: 1 }]);
    expect(body.data.failingDeliveries.count).toBe(1);
    expect(body.data.failingDeliveries.recent[0]).toMatchObject({ orderId: oldest.orderId, reason: 'Mailbox full' });
  });
});
