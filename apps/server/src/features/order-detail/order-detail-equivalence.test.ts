import { isDeepStrictEqual } from 'node:util';
import { contracts, DELIVERY_STATES, MAIL_EVENT_TYPES } from '@nzeta/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMailRecords } from '../../../test/mail-records';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { testEngine } from '../../../test/test-database';
import { buildDownload, buildMailMessage, buildRemark, insertOrder } from '../../db/factories';
import { downloadHistory, mailEvents, mailMessages, orderActivity, orderOtherNames, remarks } from '../../db/schema';
import { DETAIL_LIST_LIMIT, MAIL_EVENTS_LIMIT } from './get-order-detail';
import { plainOrderDetail } from './testing/plain-order-detail';

const TIME_ZONE = 'America/New_York';
let t: TestApp;
let token: string;
beforeAll(async () => {
  // Through the detail cache on both engines: a kept answer must be the plain read's too.
  t = await createTestApp({
    APPLICATION_MAIL_DOMAIN: 'inbox.example.org',
    BUSINESS_TZ: TIME_ZONE,
    DETAIL_CACHE_MAX_AGE_MS: '60000',
  });
  await t.database.reset();
  ({ token } = await t.signInAs('Team'));
});
afterAll(() => t.close());

/** Times around two daylight-saving changes, some shared so rows tie on created_at. */
const instant = fc.oneof(
  fc.constantFrom('2026-03-08T06:59:59.999Z', '2026-03-08T07:00:00.000Z', '2026-11-01T05:30:00.000Z'),
  fc
    .integer({ min: Date.parse('2025-12-31T00:00:00Z'), max: Date.parse('2027-01-01T00:00:00Z') })
    .map((ms) => new Date(ms).toISOString()),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const flag = fc.constantFrom('Y', 'N', '');
const text = fc.string({ maxLength: 12 });

const history = fc.record({
  otherNames: fc.array(fc.record({ differentFirstName: text, differentLastName: text }), { maxLength: 3 }),
  documents: fc.array(instant, { maxLength: 3 }),
  mails: fc.array(
    fc.record({
      createdAt: instant,
      sentAt: maybe(instant),
      state: fc.constantFrom('queued', 'sending', 'sent', 'failed'),
      lastError: maybe(text),
      transport: maybe(fc.constantFrom('smtp', 'api')),
      deliveryState: maybe(fc.constantFrom(...DELIVERY_STATES)),
      deliveryStateAt: maybe(instant),
      openedAt: maybe(instant),
      withDocument: fc.boolean(),
      events: fc.array(fc.record({ event: fc.constantFrom(...MAIL_EVENT_TYPES), at: instant, url: maybe(text) }), {
        maxLength: 3,
      }),
    }),
    { maxLength: 4 },
  ),
  downloads: fc.array(fc.record({ createdAt: instant, timezone: maybe(text) }), { maxLength: 4 }),
  remarks: fc.array(
    fc.record({ createdAt: instant, remark: text, whatsapp: flag, telephone: flag, voided: flag, chargeback: flag }),
    { maxLength: 4 },
  ),
  activity: fc.array(
    fc.record({
      createdAt: instant,
      from: maybe(text),
      detail: maybe(
        fc.dictionary(fc.constantFrom('a', 'b', 'mailId'), fc.oneof(text, fc.integer()), { noNullPrototype: true }),
      ),
    }),
    { maxLength: 4 },
  ),
});
type History = typeof history extends fc.Arbitrary<infer H> ? H : never;

/** histories added so far: names each addition's files and mail keys */
let additions = 0;

async function orderWith(h: History): Promise<number> {
  const { orderId } = await insertOrder(t.database.db, { otherNames: h.otherNames });
  await addHistory(orderId, { ...h, otherNames: [] });
  return orderId;
}

/** Appends a history to an order (mail keys and file names stay unique across calls). */
async function addHistory(orderId: number, h: History): Promise<void> {
  const db = t.database.db;
  const batch = `${orderId}-${(additions++).toString(36)}`;
  if (h.otherNames.length) await db.insert(orderOtherNames).values(h.otherNames.map((n) => ({ orderId, ...n })));
  await insertMailRecords(db, orderId, batch, h);
  if (h.downloads.length)
    await db.insert(downloadHistory).values(h.downloads.map((d) => buildDownload({ orderId, ...d })));
  if (h.remarks.length) await db.insert(remarks).values(h.remarks.map((r) => buildRemark({ orderId, ...r })));
  if (h.activity.length)
    await db.insert(orderActivity).values(
      h.activity.map((a) => ({
        orderId,
        actorName: 'Someone',
        action: 'status-changed',
        fromValue: a.from,
        detail: a.detail,
        createdAt: a.createdAt,
      })),
    );
}

/** The page's answer next to the plain read, both through the contract's answer schema. */
async function bothAnswers(orderId: number) {
  const response = await t.call({ method: 'GET', url: `/api/admin/get-orders-details/${orderId}`, token });
  expect(response.statusCode, response.body).toBe(200);
  const plain = await plainOrderDetail(t.database.db, {
    orderId,
    applicationMailDomain: 'inbox.example.org',
    businessTimeZone: TIME_ZONE,
  });
  const expected = contracts.orderDetail.orderDetail.answer.parse({ status: 1, message: '', data: plain }).data;
  return { answered: response.json().data, expected: JSON.parse(JSON.stringify(expected)) };
}

describe('the order detail read in one statement', () => {
  it('answers what the plain read (one query per list) answers, for random histories', async () => {
    await fc.assert(
      fc.asyncProperty(history, async (h) => {
        const { answered, expected } = await bothAnswers(await orderWith(h));
        expect(answered).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });

  it('answers from memory what the plain read answers, before and after random changes', async () => {
    await fc.assert(
      fc.asyncProperty(history, history, async (first, later) => {
        const orderId = await orderWith(first);
        await bothAnswers(orderId);
        // Kept now: the second answer comes from memory.
        const kept = await bothAnswers(orderId);
        expect(kept.answered).toEqual(kept.expected);
        await addHistory(orderId, later);
        // PGlite hears of the change as it commits; PostgreSQL within the notification's delivery.
        let changed = await bothAnswers(orderId);
        const deadline = Date.now() + 1000;
        while (
          testEngine === 'postgres' &&
          !isDeepStrictEqual(changed.answered, changed.expected) &&
          Date.now() < deadline
        ) {
          await new Promise((resolve) => setTimeout(resolve, 10));
          changed = await bothAnswers(orderId);
        }
        expect(changed.answered).toEqual(changed.expected);
      }),
      { numRuns: 25 },
    );
  });

  it('carries the newest rows of a long history only, and the first events of an e-mail', async () => {
    const { orderId } = await insertOrder(t.database.db);
    const start = Date.parse('2026-05-01T00:00:00Z');
    const at = (i: number) => new Date(start + i * 60_000).toISOString();
    await t.database.db
      .insert(remarks)
      .values(Array.from({ length: DETAIL_LIST_LIMIT + 7 }, (_, i) => buildRemark({ orderId, createdAt: at(i) })));
    const [mail] = await t.database.db
      .insert(mailMessages)
      .values(buildMailMessage({ orderId }))
      .returning({ id: mailMessages.id });
    await t.database.db.insert(mailEvents).values(
      Array.from({ length: MAIL_EVENTS_LIMIT + 3 }, (_, i) => ({
        mailId: mail?.id ?? 0,
        provider: 'sendgrid',
        event: 'open',
        providerEventId: `long-${i}`,
        occurredAt: at(i),
      })),
    );
    const { answered, expected } = await bothAnswers(orderId);
    expect(answered.remark).toHaveLength(DETAIL_LIST_LIMIT);
    expect(answered.remark[0].create_ts).toBe(at(DETAIL_LIST_LIMIT + 6));
    expect(answered.mailHistory[0].events).toHaveLength(MAIL_EVENTS_LIMIT);
    expect(answered.mailHistory[0].events[0].occurred_at).toBe(at(0));
    expect(answered).toEqual(expected);
  });
});
