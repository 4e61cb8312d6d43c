import { businessToday, COUNT_FIELDS, FOLDER_KEYS, type FolderKey, isInFolder } from '@nzeta/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertStaff } from '../../db/factories';
import { insertFolderScenario, subjectsOf } from './testing/folder-scenario';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

async function setup() {
  const me = await t.signInAs('Admin');
  const other = await insertStaff(t.database.db, { type: 'Team' });
  const today = businessToday(t.config.BUSINESS_TZ);
  const inserted = await insertFolderScenario(t.database.db, { me: me.id, other: other.id, today });
  return { me, other, today, inserted };
}

const list = (token: string, folder: string, query = '') =>
  t.call({ method: 'GET', url: `/api/admin/get-orders-list/${folder}${query}`, token });

describe('folder counts and lists', () => {
  it('every folder: count = total = rows of "All", each row satisfies the rule, none is missing', async () => {
    const { me, today, inserted } = await setup();
    const counts = (
      await t.call({ method: 'GET', url: '/api/admin/get-folder-count?userName=someone-else', token: me.token })
    ).json();
    expect(counts.status).toBe(1);
    const subjects = await subjectsOf(
      t.database.db,
      inserted.map((o) => o.orderId),
    );
    const ctx = { staffId: me.id, today };

    for (const folder of FOLDER_KEYS) {
      const count = counts.data[COUNT_FIELDS[folder]] as number;
      const expected = inserted.filter((o) => isInFolder(folder, subjects.get(o.orderId)!, ctx)).map((o) => o.orderId);
      expect(count, folder).toBe(expected.length);
      const body = (await list(me.token, folder, `?page=1&perPage=${Math.max(count, 1)}`)).json();
      expect(body.status, folder).toBe(1);
      expect(body.total, folder).toBe(count);
      const ids = (body.data as Array<{ order_id: number }>).map((r) => r.order_id);
      expect(ids.length, folder).toBe(count);
      for (const id of ids) expect(isInFolder(folder, subjects.get(id)!, ctx), `${folder} ${id}`).toBe(true);
      expect(new Set(ids), folder).toEqual(new Set(expected));
    }
  });

  it('answers the row fields of SPEC §3 with the assignee name and ISO times', async () => {
    const { me, inserted } = await setup();
    const body = (await list(me.token, 'myOrder', '?page=1&limit=50')).json();
    const row = body.data[0];
    expect(Object.keys(row).sort()).toEqual(
      [
        'order_id',
        'process_status',
        'first_name',
        'last_name',
        'email',
        'phone_number',
        'country_code',
        'created_at',
        'refund_date',
        'processing_date',
        'process_month',
        'assign_to',
        'full_name',
        'contact_email_address',
        // the service-level clock of the operations console
        'processing_mode',
        'sla_due_at',
      ].sort(),
    );
    expect(row.assign_to).toBe(me.name);
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(typeof row.order_id).toBe('number');
    const source = inserted.find((o) => o.orderId === row.order_id)!;
    expect(row.contact_email_address).toBe(source.email);
    expect(new Date(row.created_at).getTime()).toBe(new Date(source.createdAt).getTime());
  });

  it('orders newest first, Future by processing date, Refunds pending first then by refund date', async () => {
    const { me } = await setup();
    const rows = async (folder: FolderKey) =>
      (await list(me.token, folder, '?perPage=100')).json().data as Array<{
        order_id: number;
        created_at: string;
        processing_date: string;
        refund_date: string | null;
      }>;

    const history = await rows('allOrder');
    const created = history.map((r) => r.created_at);
    expect(created).toEqual([...created].sort().reverse());

    const future = (await rows('futureOrder')).map((r) => r.processing_date);
    expect(future).toEqual([...future].sort());

    const refunds = await rows('refundOrder');
    expect(refunds[0]?.refund_date).toBeNull();
    const dates = refunds.slice(1).map((r) => r.refund_date as string);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('pages do not overlap and a cursor reads the folder to its end', async () => {
    const { me } = await setup();
    const all = (await list(me.token, 'allOrder', '?perPage=100')).json();
    const allIds = all.data.map((r: { order_id: number }) => r.order_id);
    const paged: number[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 4); page++) {
      const body = (await list(me.token, 'allOrder', `?page=${page}&perPage=4`)).json();
      paged.push(...body.data.map((r: { order_id: number }) => r.order_id));
    }
    expect(paged).toEqual(allIds);

    for (const folder of ['allOrder', 'futureOrder', 'refundOrder'] as const) {
      const full = (await list(me.token, folder, '?perPage=100'))
        .json()
        .data.map((r: { order_id: number }) => r.order_id);
      const walked: number[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?perPage=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const body = (await list(me.token, folder, query)).json();
        walked.push(...body.data.map((r: { order_id: number }) => r.order_id));
        cursor = body.nextCursor;
      } while (cursor);
      expect(walked, folder).toEqual(full);
    }
  });

  it('My Orders is always the signed-in member, whatever userName says', async () => {
    const { me, other } = await setup();
    const counts = (
      await t.call({ method: 'GET', url: `/api/admin/get-folder-count?userName=${other.name}`, token: me.token })
    ).json();
    const mine = (await list(me.token, 'myOrder', `?userName=${encodeURIComponent(other.name)}&perPage=50`)).json();
    expect(mine.total).toBe(counts.data.myOrdersCount);
    expect(mine.data.every((r: { assign_to: string }) => r.assign_to === me.name)).toBe(true);
  });

  it('accepts the older folder spellings and the month of Future', async () => {
    const { me } = await setup();
    expect((await list(me.token, 'refundorder')).json().total).toBe(3);
    expect((await list(me.token, 'chargeback')).json().total).toBe(1);

    const months = (await t.call({ method: 'GET', url: '/api/admin/get-future-order-count', token: me.token })).json();
    expect(months.data).toHaveLength(12);
    expect(months.data[0]).toMatchObject({ month: 'Jan' });
    const futureTotal = (await list(me.token, 'futureOrder')).json().total;
    expect(months.data.reduce((sum: number, m: { count: number }) => sum + m.count, 0)).toBe(futureTotal);
    for (const { month, count } of months.data as Array<{ month: string; count: number }>) {
      const body = (await list(me.token, 'futureOrder', `?month=${month}&perPage=100`)).json();
      expect(body.total, month).toBe(count);
      expect(body.data, month).toHaveLength(count);
      for (const row of body.data) expect(row.process_month).toBe(month);
    }
  });

  it('rejects an unknown folder, a bad page size and a bad cursor with a clear message', async () => {
    const { me } = await setup();
    expect((await list(me.token, 'nope')).json()).toEqual({
      status: 0,
      message: 'Unknown folder.',
      code: 'VALIDATION_FAILED',
    });
    expect((await list(me.token, '__proto__')).json()).toEqual({
      status: 0,
      message: 'Unknown folder.',
      code: 'VALIDATION_FAILED',
    });
    const huge = await list(me.token, 'newOrder', '?perPage=1000000000');
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ status: 0, message: 'Page size must be at most 100000.' });
    expect((await list(me.token, 'newOrder', '?page=abc')).json()).toMatchObject({
      status: 0,
      message: 'Page must be a number.',
    });
    expect((await list(me.token, 'newOrder', '?cursor=garbage')).json()).toEqual({
      status: 0,
      message: 'Invalid cursor.',
      code: 'VALIDATION_FAILED',
    });
    expect((await list(me.token, 'futureOrder', '?month=Foo')).json()).toMatchObject({
      status: 0,
      message: 'Please choose a month.',
    });
  });

  it('needs a signed-in member', async () => {
    const response = await t.call({ method: 'GET', url: '/api/admin/get-folder-count' });
    expect(response.statusCode).toBe(401);
    expect(response.json().status).toBe(401);
  });
});
