import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { insertOrder } from '../../db/factories';
import { findFolderOrders, SEARCH_COUNT_CAP } from './find-folder-orders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const search = (token: string, body: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/api/admin/search-order', token, payload: body });
const standard = { processingMode: 'Standard', processingDate: null } as const;
const ids = (body: { data: Array<{ order_id: number }> }) => body.data.map((r) => r.order_id);

describe('search-order', () => {
  it('finds an order by id, full name, e-mail, phone and passport, in any case', async () => {
    const { token } = await t.signInAs('Admin');
    const target = await insertOrder(t.database.db, {
      firstName: 'Quillon',
      lastName: 'Varrow',
      email: 'q.varrow@example.net',
      phoneNumber: '0213456789',
      passportNumber: 'LK7654321',
    });
    await insertOrder(t.database.db, { firstName: 'Other', lastName: 'Person', passportNumber: 'ZZ0000000' });

    for (const term of [
      String(target.orderId),
      String(target.orderId).slice(2),
      'quillon varrow',
      'QUILLON VAR',
      'LLON',
      'Q.Varrow@EXAMPLE',
      '3456789',
      'lk765',
      'LK7654321',
    ]) {
      const body = (await search(token, { start: 1, end: 10, searchVal: term, folderName: 'allOrder' })).json();
      expect(body.status, term).toBe(1);
      expect(ids(body), term).toEqual([target.orderId]);
      expect(body.total, term).toBe(1);
    }
  });

  it('matches one or two characters anywhere in the id, name or e-mail', async () => {
    const { token } = await t.signInAs('Admin');
    const a = await insertOrder(t.database.db, { firstName: 'Xavi', lastName: 'One', email: 'xo@example.com' });
    const b = await insertOrder(t.database.db, { firstName: 'Bex', lastName: 'Two', email: 'bex@example.com' });
    const body = (await search(token, { start: 1, end: 10, searchVal: 'x', folderName: 'allOrder' })).json();
    // "Bex" contains an x without starting with one: both match.
    expect(ids(body).sort()).toEqual([a.orderId, b.orderId].sort());
    const byTwo = (await search(token, { start: 1, end: 10, searchVal: 'WO', folderName: 'allOrder' })).json();
    expect(ids(byTwo)).toEqual([b.orderId]);
  });

  it('searches within the folder asked for', async () => {
    const { token } = await t.signInAs('Admin');
    const fresh = await insertOrder(t.database.db, { lastName: 'Folderton', ...standard });
    const done = await insertOrder(t.database.db, { lastName: 'Folderton', processStatus: 'Completed' });
    const inNew = (await search(token, { start: 1, end: 10, searchVal: 'folderton', folderName: 'newOrder' })).json();
    expect(ids(inNew)).toEqual([fresh.orderId]);
    const inDone = await search(token, { start: 1, end: 10, searchVal: 'folderton', folderName: 'completedOrder' });
    expect(ids(inDone.json())).toEqual([done.orderId]);
    const viaList = await t.call({
      method: 'GET',
      url: '/api/admin/get-orders-list/completedOrder?search=FOLDERTON',
      token,
    });
    expect(ids(viaList.json())).toEqual([done.orderId]);
  });

  it('treats LIKE wildcards and SQL in the term as plain text', async () => {
    const { token } = await t.signInAs('Admin');
    await insertOrder(t.database.db, { lastName: 'Plain' });
    const percent = await insertOrder(t.database.db, { lastName: 'Odd%Name_x' });
    // One character matches literally anywhere: only the name holding a real % or _ has one.
    for (const [term, expected] of [
      ['%', [percent.orderId]],
      ['_', [percent.orderId]],
      ['%%%', []],
      ['___', []],
    ] as const) {
      const body = (await search(token, { start: 1, end: 10, searchVal: term, folderName: 'allOrder' })).json();
      expect(body.status, term).toBe(1);
      expect(ids(body), term).toEqual(expected);
    }
    const literal = (await search(token, { start: 1, end: 10, searchVal: 'd%name_', folderName: 'allOrder' })).json();
    expect(ids(literal)).toEqual([percent.orderId]);

    const injection = "'; drop table orders; --";
    const body = (await search(token, { start: 1, end: 10, searchVal: injection, folderName: 'allOrder' })).json();
    expect(body).toMatchObject({ status: 1, total: 0, data: [] });
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from orders`);
    expect(row?.n).toBe(2);
  });

  it('an empty term is the normal list', async () => {
    const { token } = await t.signInAs('Admin');
    await insertOrder(t.database.db, standard);
    await insertOrder(t.database.db, standard);
    const body = (await search(token, { start: 1, end: 10, searchVal: '', folderName: 'newOrder' })).json();
    expect(body).toMatchObject({ status: 1, total: 2, totalCapped: false });
  });

  it('caps the count of a large search and says so', async () => {
    const { id } = await t.signInAs('Admin');
    for (let i = 0; i < 8; i++) await insertOrder(t.database.db, { lastName: `Crowd${i}`, ...standard });
    const options = { folder: 'newOrder' as const, ctx: { staffId: id, today: '2030-01-01' }, search: 'crowd' };
    const capped = await findFolderOrders(t.database.db, { ...options, perPage: 3, page: 2, countCap: 5 });
    expect(capped).toMatchObject({ total: 5, totalCapped: true });
    expect(capped.rows).toHaveLength(3);
    const exact = await findFolderOrders(t.database.db, { ...options, perPage: 3, countCap: 8 });
    expect(exact).toMatchObject({ total: 8, totalCapped: false });
    expect(SEARCH_COUNT_CAP).toBe(1_000);
  });

  it('refuses bad input with the schema message', async () => {
    const { token } = await t.signInAs('Admin');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ start: 1, end: 10, searchVal: 'x', folderName: 'nowhere' }, 'Unknown folder.'],
      [{ start: 0, end: 10, searchVal: 'x' }, 'Page must be 1 or more.'],
      [{ start: 1, end: 1e9, searchVal: 'x' }, 'Page size must be at most 100000.'],
      [{ start: 1, end: 10, searchVal: 'y'.repeat(201) }, 'Search must be at most 200 characters.'],
    ];
    for (const [payload, message] of cases) {
      const response = await search(token, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json(), message).toEqual({ status: 0, message, code: 'VALIDATION_FAILED' });
    }
  });
});
