import { isDeepStrictEqual } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { testEngine } from '../../../test/test-database';
import { buildDownload, buildMailMessage, insertOrder, insertStaff } from '../../db/factories';
import { auditLog, downloadHistory, mailEvents, mailMessages, orderOtherNames, staff } from '../../db/schema';
import { ORDER_DETAIL_CHANGES_CHANNEL } from '../../lib/order-change-notices';
import { OrderDetailCache } from './detail-cache';
import { multipart } from './testing/multipart';
import { plainOrderDetail } from './testing/plain-order-detail';
import { samplePdf } from './testing/sample-files';

const CACHED = { DETAIL_CACHE_MAX_AGE_MS: '60000', MEMBER_CACHE_MAX_AGE_MS: '60000' };
/** the bound a change made elsewhere must be heard within (the member cache's, too) */
const NOTICE_BOUND_MS = 1000;

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp(CACHED);
  // A second instance on the same database, with a cache of its own.
  b = await createTestApp(CACHED, { database: a.database });
});
beforeEach(() => a.database.reset());
afterAll(async () => {
  await b.close();
  await a.close();
});

/** Counts the detail reads (the one statement naming order_other_names) sent while `work` runs. */
async function detailReads(database: TestApp['database'], work: () => Promise<unknown>): Promise<number> {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  let reads = 0;
  client.query = (...args: unknown[]) => {
    const [first] = args;
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
    if (text.includes('order_other_names')) reads++;
    return original.apply(client, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return reads;
}

const detail = async (app: TestApp, token: string, orderId: number) => {
  const response = await app.call({ method: 'GET', url: `/api/admin/get-orders-details/${orderId}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

/** What the page must show now: the plain read, through JSON as the answer is. */
const plain = async (app: TestApp, orderId: number) =>
  JSON.parse(
    JSON.stringify(
      await plainOrderDetail(app.database.db, {
        orderId,
        applicationMailDomain: app.config.APPLICATION_MAIL_DOMAIN,
        businessTimeZone: app.config.BUSINESS_TZ,
      }),
    ),
  );

/** How many reads until `app` answers what the plain read answers (at most NOTICE_BOUND_MS). */
async function readsUntilCurrent(app: TestApp, token: string, orderId: number): Promise<number> {
  const expected = await plain(app, orderId);
  const start = performance.now();
  let tries = 0;
  for (;;) {
    tries++;
    const answered = await detail(app, token, orderId);
    if (isDeepStrictEqual(answered, expected)) return tries;
    if (performance.now() - start > NOTICE_BOUND_MS) {
      expect(answered, `current within ${NOTICE_BOUND_MS} ms`).toEqual(expected);
      return tries;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Reads the order on both instances, so each keeps it. */
async function warm(token: string, orderId: number) {
  for (const app of [a, b]) {
    await detail(app, token, orderId);
    expect(await detailReads(app.database, () => detail(app, token, orderId))).toBe(0);
  }
}

describe('the order detail from memory', () => {
  it('answers a second read from memory, and still audits every view of an existing order', async () => {
    const member = await a.signInAs('Team');
    // The new order's own change notice, heard after the first read began, would rightly keep that
    // read out of memory (a loaded machine delays it): wait until it has been heard.
    const noticed: string[] = [];
    const unlisten = await a.database.listen(ORDER_DETAIL_CHANGES_CHANNEL, (payload) => noticed.push(payload));
    const order = await insertOrder(a.database.db);
    const deadline = Date.now() + 5_000;
    while (!noticed.includes(String(order.orderId)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await unlisten();
    expect(await detailReads(a.database, () => detail(a, member.token, order.orderId))).toBe(1);
    expect(await detailReads(a.database, () => detail(a, member.token, order.orderId))).toBe(0);
    expect(await detail(a, member.token, order.orderId)).toEqual(await plain(a, order.orderId));
    // The answer kept with the detail is sent again as written, with the JSON content type.
    const [first, again] = await Promise.all(
      [0, 1].map(() =>
        a.call({ method: 'GET', url: `/api/admin/get-orders-details/${order.orderId}`, token: member.token }),
      ),
    );
    expect(again?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again?.body).toBe(first?.body);
    const unknown = await a.call({ method: 'GET', url: '/api/admin/get-orders-details/999999', token: member.token });
    expect(unknown.statusCode).toBe(404);

    await a.app.ctx.auditBatch.flush();
    const views = await a.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'order-viewed'))
      .orderBy(auditLog.id);
    expect(views.map((v) => [v.target, v.actorId, v.actorName])).toEqual(
      Array.from({ length: 5 }, () => [String(order.orderId), member.id, member.name]),
    );
    expect(views[0]?.ip).toBeTruthy();
  });

  it('shows a staff change on this instance at the very next read, and on the other within the bound', async () => {
    const admin = await a.signInAs('Admin');
    const holder = await insertStaff(a.database.db, { type: 'Team', name: 'Holly Holder' });
    const order = await insertOrder(a.database.db, { processStatus: 'Awaiting', assignedTo: holder.id });
    const pdf = await samplePdf();
    const changes: Array<[string, () => Promise<{ statusCode: number; body: string }>]> = [
      [
        'a comment',
        () =>
          a.call({
            method: 'POST',
            url: '/api/admin/add-new-remark',
            token: admin.token,
            payload: { orderId: order.orderId, remark: 'Called the customer.', telephone: 'Y' },
          }),
      ],
      [
        'a status move',
        () =>
          a.call({
            method: 'PUT',
            url: '/api/admin/change-order-status',
            token: admin.token,
            payload: { orderId: [order.orderId], updatingStatus: 'Contact Customer' },
          }),
      ],
      [
        'an upload',
        () =>
          a.call({
            method: 'POST',
            url: '/api/admin/upload-visa-document',
            token: admin.token,
            ...multipart(
              { orderId: String(order.orderId), email: 'ana.rivera@example.org', mailServiceProvider: 'AWS' },
              { field: 'uploadVisaDoc', filename: 'approval.pdf', contentType: 'application/pdf', content: pdf },
            ),
          }),
      ],
      [
        'a staff rename',
        () =>
          a.call({
            method: 'POST',
            url: '/api/admin/update-team-member',
            token: admin.token,
            payload: { tmId: holder.id, name: 'Holly Renamed', email: holder.email, type: 'Team', password: '' },
          }),
      ],
    ];
    for (const [kind, change] of changes) {
      await warm(admin.token, order.orderId);
      const before = await detail(a, admin.token, order.orderId);
      const answer = await change();
      expect(answer.statusCode, `${kind}: ${answer.body}`).toBe(200);
      expect(await plain(a, order.orderId), kind).not.toEqual(before);
      // This instance forgot the order before answering: the very next read is current.
      expect(await readsUntilCurrent(a, admin.token, order.orderId), kind).toBe(1);
      const triesB = await readsUntilCurrent(b, admin.token, order.orderId);
      if (testEngine === 'pglite') expect(triesB, kind).toBe(1);
    }
    expect((await detail(b, admin.token, order.orderId)).assign_to).toBe('Holly Renamed');
  });

  it('shows what any writer changes (webhook, visitor, script) on both instances', async () => {
    const member = await a.signInAs('Team');
    const order = await insertOrder(a.database.db, {
      otherNames: [{ differentFirstName: 'Ana', differentLastName: 'Old' }],
    });
    const [mail] = await a.database.db
      .insert(mailMessages)
      .values(buildMailMessage({ orderId: order.orderId, state: 'sent' }))
      .returning({ id: mailMessages.id });
    const mailId = mail?.id ?? 0;
    const db = a.database.db;
    const changes: Array<[string, () => Promise<unknown>]> = [
      [
        'a mail event',
        () =>
          db.insert(mailEvents).values({
            mailId,
            provider: 'sendgrid',
            event: 'delivered',
            providerEventId: `ev-${mailId}`,
            occurredAt: new Date().toISOString(),
          }),
      ],
      [
        'a mail state',
        () => db.update(mailMessages).set({ deliveryState: 'delivered' }).where(eq(mailMessages.id, mailId)),
      ],
      ['a download', () => db.insert(downloadHistory).values(buildDownload({ orderId: order.orderId }))],
      [
        'an other-name edit',
        () =>
          db
            .update(orderOtherNames)
            .set({ differentLastName: 'New' })
            .where(eq(orderOtherNames.orderId, order.orderId)),
      ],
      [
        'an assignee renamed by a script',
        async () => {
          const other = await insertStaff(db, { type: 'Team', name: 'Sam Script' });
          await db.execute(sql`update orders set assigned_to = ${other.id} where order_id = ${order.orderId}`);
          await db.update(staff).set({ name: 'Sam Renamed' }).where(eq(staff.id, other.id));
        },
      ],
    ];
    for (const [kind, change] of changes) {
      await warm(member.token, order.orderId);
      const before = await detail(a, member.token, order.orderId);
      await change();
      expect(await plain(a, order.orderId), kind).not.toEqual(before);
      const triesA = await readsUntilCurrent(a, member.token, order.orderId);
      const triesB = await readsUntilCurrent(b, member.token, order.orderId);
      // PGlite hears it as the statement commits: the very next read is current.
      if (testEngine === 'pglite') expect([triesA, triesB], kind).toEqual([1, 1]);
    }
    expect((await detail(b, member.token, order.orderId)).assign_to).toBe('Sam Renamed');
  });

  it('forgets every order of a bulk write with one notice', async () => {
    const member = await a.signInAs('Team');
    const orders = [];
    for (let i = 0; i < 101; i++) orders.push(await insertOrder(a.database.db, { amount: '10.00' }));
    const watched = [orders[0], orders[100]].map((o) => o?.orderId ?? 0);
    for (const orderId of watched) await warm(member.token, orderId);
    // More than 100 orders in one statement: the trigger announces '*' once.
    const ids = `{${orders.map((o) => o.orderId).join(',')}}`;
    await a.database.db.execute(sql`update orders set amount = 12 where order_id = any(${ids}::bigint[])`);
    for (const orderId of watched) {
      const tries = [
        await readsUntilCurrent(a, member.token, orderId),
        await readsUntilCurrent(b, member.token, orderId),
      ];
      if (testEngine === 'pglite') expect(tries).toEqual([1, 1]);
      expect((await detail(b, member.token, orderId)).amount).toBe('12.00');
    }
  });
});

describe.skipIf(testEngine !== 'postgres')('when the listening connection is lost', () => {
  it('nothing is answered from memory until it is back', async () => {
    const member = await a.signInAs('Team');
    const order = await insertOrder(a.database.db);
    await warm(member.token, order.orderId);
    await a.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
    );
    const isDown = async () => a.database.listenerEpoch() === undefined;
    const deadline = Date.now() + 3000;
    while (!(await isDown()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    if (await isDown()) {
      expect(await detailReads(a.database, () => detail(a, member.token, order.orderId))).toBe(1);
      expect(a.app.ctx.orderDetails.size).toBe(0);
    }
    // Back (reconnected after 500 ms): kept again.
    const backBy = Date.now() + 5000;
    while ((await isDown()) && Date.now() < backBy) await new Promise((resolve) => setTimeout(resolve, 25));
    await detail(a, member.token, order.orderId);
    expect(await detailReads(a.database, () => detail(a, member.token, order.orderId))).toBe(0);
  });
});

describe('OrderDetailCache', () => {
  const fakeDatabase = () => {
    const state = {
      epoch: 1 as number | undefined,
      heard: new Map<string, (payload: string) => void>(),
    };
    const database = {
      listen: async (channel: string, onMessage: (payload: string) => void) => {
        state.heard.set(channel, onMessage);
        return async () => undefined;
      },
      listenerEpoch: () => state.epoch,
    };
    return { state, database };
  };
  const answer = (orderId: number) => ({ order_id: orderId }) as never;
  const counting = () => {
    const counter = {
      runs: 0,
      load: async () => {
        counter.runs++;
        return answer(1);
      },
    };
    return counter;
  };

  it('keeps nothing while not listening, and drops what the lost connection would have ended', async () => {
    const { state, database } = fakeDatabase();
    const cache = new OrderDetailCache(database, 60_000);
    await cache.start();
    const counter = counting();
    await cache.get(1, counter.load);
    await cache.get(1, counter.load);
    expect(counter.runs).toBe(1);
    state.epoch = undefined;
    await cache.get(1, counter.load);
    await cache.get(1, counter.load);
    expect(counter.runs).toBe(3);
    state.epoch = 2;
    await cache.get(1, counter.load);
    await cache.get(1, counter.load);
    expect(counter.runs).toBe(4);
  });

  it('does not keep a load a change overtook, nor an unknown order; forgets by order, all, or staff change', async () => {
    const { state, database } = fakeDatabase();
    const cache = new OrderDetailCache(database, 60_000);
    await cache.start();
    const notice = (channel: string, payload: string) => state.heard.get(channel)?.(payload);
    await cache.get(1, async () => {
      notice('order_detail_changes', '2');
      return answer(1);
    });
    expect(cache.size).toBe(0);
    await cache.get(7, async () => undefined);
    expect(cache.size).toBe(0);
    await cache.get(1, async () => answer(1));
    await cache.get(2, async () => answer(2));
    await cache.get(3, async () => answer(3));
    notice('order_detail_changes', '1');
    expect(cache.size).toBe(2);
    notice('staff_changes', 'member:4');
    expect(cache.size).toBe(0);
    await cache.get(2, async () => answer(2));
    notice('order_detail_changes', '*');
    expect(cache.size).toBe(0);
    await cache.get(2, async () => answer(2));
    notice('order_detail_changes', '');
    expect(cache.size).toBe(0);
  });

  it('serves an entry for the max age at most, keeps a bounded number, and is off at 0', async () => {
    const { database } = fakeDatabase();
    const cache = new OrderDetailCache(database, 30, 2);
    await cache.start();
    const counter = counting();
    await cache.get(1, counter.load);
    await cache.get(1, counter.load);
    expect(counter.runs).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await cache.get(1, counter.load);
    expect(counter.runs).toBe(2);
    await cache.get(2, async () => answer(2));
    await cache.get(3, async () => answer(3));
    expect(cache.size).toBe(2);
    const off = new OrderDetailCache(database, 0);
    await off.start();
    await off.get(1, counter.load);
    await off.get(1, counter.load);
    expect(counter.runs).toBe(4);
  });
});
