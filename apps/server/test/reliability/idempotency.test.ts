import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApplication, insertOrder, toIntakeBody } from '../../src/db/factories';
import { documents, idempotencyKeys, mailMessages, orders, remarks } from '../../src/db/schema';
import { IN_PROGRESS_MESSAGE, INVALID_KEY_MESSAGE, idempotencyRowKey } from '../../src/plugins/idempotency';
import { createTestApp, type TestApp } from '../test-app';
import { testEngine } from '../test-database';
import { reportFigure } from './support/report';
import { buildMultipart, buildPdf } from './support/upload';

/**
 * Actions that create things accept an Idempotency-Key: 20 concurrent requests with one key have
 * one effect and all get the same answer (the first one's), as a client retrying over a flaky
 * network, or a double click, would send them.
 */
const CONCURRENT = 20;
const INTAKE_KEY = 'idempotency-intake-key-0123456789';

let t: TestApp;
let token: string;
let staffId: number;
const figures: string[] = [];

type Call = Parameters<TestApp['call']>[0];

/** Sends the same call CONCURRENT times at once with one key; returns the answers. */
async function burst(call: Call, key: string) {
  const answers = await Promise.all(
    Array.from({ length: CONCURRENT }, () => t.call({ ...call, headers: { ...call.headers, 'idempotency-key': key } })),
  );
  return answers.map((answer) => ({ status: answer.statusCode, body: answer.body }));
}

function expectOneAnswer(answers: Array<{ status: number; body: string }>) {
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  expect(new Set(answers.map((a) => a.body)).size).toBe(1);
}

async function count(table: typeof remarks | typeof mailMessages | typeof documents, orderId: number) {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(eq(table.orderId, orderId));
  return row?.n ?? 0;
}

describe('Idempotency-Key on actions that create things', () => {
  beforeAll(async () => {
    t = await createTestApp({ INTAKE_API_KEY: INTAKE_KEY, MAIL_WORKER: 'off' });
  });
  afterAll(async () => {
    reportFigure(`Idempotency (${testEngine}): ${CONCURRENT} concurrent requests per key: ${figures.join('; ')}`);
    await t.close();
  });
  beforeEach(async () => {
    await t.database.reset();
    ({ token, id: staffId } = await t.signInAs('Team'));
  });

  it('adds one comment for twenty requests with one key, and a new key adds another', async () => {
    const order = await insertOrder(t.database.db);
    const call: Call = {
      method: 'POST',
      url: '/api/admin/add-new-remark',
      token,
      payload: { orderId: order.orderId, remark: 'Customer called back' },
    };
    const answers = await burst(call, 'remark-key-1');
    expectOneAnswer(answers);
    const afterBurst = await count(remarks, order.orderId);
    expect(afterBurst).toBe(1);

    const replay = await t.call({ ...call, headers: { 'idempotency-key': 'remark-key-1' } });
    expect(replay.body).toBe(answers[0]?.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    await t.call({ ...call, headers: { 'idempotency-key': 'remark-key-2' } });
    await t.call(call);
    expect(await count(remarks, order.orderId)).toBe(3);
    figures.push(`add-new-remark ${afterBurst} comment`);
  });

  it('scopes keys to the member: the same key from another member is another action', async () => {
    const order = await insertOrder(t.database.db);
    const other = await t.signInAs('Manager');
    const payload = { orderId: order.orderId, remark: 'Same words, two members' };
    const mine = await t.call({
      method: 'POST',
      url: '/api/admin/add-new-remark',
      token,
      payload,
      headers: { 'idempotency-key': 'shared' },
    });
    const theirs = await t.call({
      method: 'POST',
      url: '/api/admin/add-new-remark',
      token: other.token,
      payload,
      headers: { 'idempotency-key': 'shared' },
    });
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(mine.json().data.id).not.toBe(theirs.json().data.id);
    expect(await count(remarks, order.orderId)).toBe(2);
  });

  it('queues one e-mail for twenty resends and for twenty invoice requests', async () => {
    const order = await insertOrder(t.database.db, { processStatus: 'Completed' });
    await t.database.db.insert(documents).values({
      orderId: order.orderId,
      file1: 'idempotentdoc001.pdf',
      contentType: 'application/pdf',
      size: 10,
      sha256: '0'.repeat(64),
      uploadedBy: staffId,
    });
    const resends = await burst(
      {
        method: 'POST',
        url: '/api/admin/resend-mail',
        token,
        payload: { orderId: order.orderId, email: 'traveller@example.org', mailServiceProvider: 'AWS' },
      },
      'resend-key',
    );
    expectOneAnswer(resends);
    const invoices = await burst(
      { method: 'POST', url: '/api/admin/send-invoice', token, payload: { orderId: String(order.orderId) } },
      'invoice-key',
    );
    expectOneAnswer(invoices);
    const kinds = await t.database.db
      .select({ kind: mailMessages.kind })
      .from(mailMessages)
      .where(eq(mailMessages.orderId, order.orderId));
    expect(kinds.map((k) => k.kind).sort()).toEqual(['invoice', 'resend']);
    figures.push(`resend-mail 1 e-mail, send-invoice 1 e-mail`);
  });

  it('stores one document for twenty uploads with one key', async () => {
    const order = await insertOrder(t.database.db, { processStatus: 'New' });
    const { body, contentType } = buildMultipart(
      { orderId: String(order.orderId), email: 'traveller@example.org', mailServiceProvider: 'AWS' },
      {
        field: 'uploadVisaDoc',
        filename: 'approval.pdf',
        contentType: 'application/pdf',
        content: buildPdf(64 * 1024),
      },
    );
    const answers = await burst(
      {
        method: 'POST',
        url: '/api/admin/upload-visa-document',
        token,
        payload: body,
        headers: { 'content-type': contentType },
      },
      'upload-key',
    );
    expectOneAnswer(answers);
    expect(await count(documents, order.orderId)).toBe(1);
    expect(await count(mailMessages, order.orderId)).toBe(1);
    figures.push('upload-visa-document 1 document and 1 e-mail');
  });

  it('creates one order for twenty intake calls with one key', async () => {
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        t.call({
          method: 'POST',
          url: '/api/intake/orders',
          // Even with different references: the key alone decides.
          payload: toIntakeBody(buildApplication(), `idempotency-ref-${i}`),
          headers: { 'x-api-key': INTAKE_KEY, 'idempotency-key': 'intake-key' },
        }),
      ),
    );
    expectOneAnswer(answers.map((a) => ({ status: a.statusCode, body: a.body })));
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(row?.n).toBe(1);
    figures.push('intake 1 order');
  });

  it('replays a refusal, but lets a request that failed on the server run again', async () => {
    const missing = await t.call({
      method: 'POST',
      url: '/api/admin/add-new-remark',
      token,
      payload: { orderId: 999_999, remark: 'No such order' },
      headers: { 'idempotency-key': 'refused' },
    });
    expect(missing.statusCode).toBe(404);
    const [stored] = await t.database.db.select().from(idempotencyKeys);
    expect(stored?.statusCode).toBe(404);

    const invalid = await t.call({
      method: 'POST',
      url: '/api/admin/add-new-remark',
      token,
      payload: { orderId: 999_999, remark: 'x' },
      headers: { 'idempotency-key': 'has spaces' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(INVALID_KEY_MESSAGE);
  });

  it('answers 409 while the first request is still running, and takes over an abandoned claim', async () => {
    const order = await insertOrder(t.database.db);
    const route = 'POST /api/admin/add-new-remark';
    const call: Call = {
      method: 'POST',
      url: '/api/admin/add-new-remark',
      token,
      payload: { orderId: order.orderId, remark: 'Waiting' },
    };
    await t.database.db
      .insert(idempotencyKeys)
      .values({ key: idempotencyRowKey(staffId, route, 'busy'), staffId, route });
    const busy = await t.call({ ...call, headers: { 'idempotency-key': 'busy' } });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(IN_PROGRESS_MESSAGE);

    await t.database.db.insert(idempotencyKeys).values({
      key: idempotencyRowKey(staffId, route, 'abandoned'),
      staffId,
      route,
      createdAt: new Date(Date.now() - 10 * 60_000).toISOString(),
    });
    const taken = await t.call({ ...call, headers: { 'idempotency-key': 'abandoned' } });
    expect(taken.statusCode).toBe(200);
    expect(await count(remarks, order.orderId)).toBe(1);
  });
});
