import { MAIL_EVENT_TYPES } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMailRecords } from '../../../test/mail-records';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { buildDownload, buildMailMessage, buildRemark, insertOrder } from '../../db/factories';
import { downloadHistory, mailMessages, orderActivity, orders, remarks, settings } from '../../db/schema';
import { loadOrderEvidence, PACK_HISTORY_CAP } from './order-evidence';
import { plainOrderEvidence } from './testing/plain-order-evidence';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  // The company's own settings, partly given, so both reads must merge them with the defaults.
  await database.db.insert(settings).values([
    { key: 'company', value: { name: 'Kiwi Visa Desk Ltd', phone: '+64 4 555 0100' } },
    { key: 'productTitle', value: 'NZeTA application service' },
  ]);
});
afterAll(() => database.destroy());

const MAIL_FROM = 'NZeTA Service <no-reply@example.com>';
/** Times with ties and fractions of a second, so the order of equal times is the id's. */
const instant = fc.oneof(
  fc.constantFrom('2026-03-08T06:59:59.999Z', '2026-03-08T07:00:00.000Z', '2026-03-08T07:00:00.5Z'),
  fc
    .integer({ min: Date.parse('2025-12-31T00:00:00Z'), max: Date.parse('2027-01-01T00:00:00Z') })
    .map((ms) => new Date(ms).toISOString()),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const text = fc.string({ maxLength: 12 });

const records = fc.record({
  refundDate: maybe(fc.constant('2026-05-01')),
  documents: fc.array(instant, { maxLength: 2 }),
  mails: fc.array(
    fc.record({
      kind: fc.constantFrom('approval', 'approval', 'resend', 'invoice'),
      state: fc.constantFrom('queued', 'sending', 'sent', 'failed'),
      createdAt: instant,
      sentAt: maybe(instant),
      withDocument: fc.boolean(),
      attachments: fc.array(fc.record({ filename: text, contentType: fc.constant('application/pdf') }), {
        maxLength: 2,
      }),
      events: fc.array(fc.record({ event: fc.constantFrom(...MAIL_EVENT_TYPES), at: instant, url: maybe(text) }), {
        maxLength: 3,
      }),
    }),
    { maxLength: 5 },
  ),
  downloads: fc.array(fc.record({ createdAt: instant, timezone: maybe(text) }), { maxLength: 4 }),
  refundRemark: fc.boolean(),
  activity: fc.array(
    fc.record({
      createdAt: instant,
      detail: maybe(
        fc.dictionary(fc.constantFrom('a', 'mailId'), fc.oneof(text, fc.integer()), { noNullPrototype: true }),
      ),
    }),
    { maxLength: 4 },
  ),
});
type Records = typeof records extends fc.Arbitrary<infer R> ? R : never;

async function orderWith(r: Records): Promise<number> {
  const db = database.db;
  const { orderId } = await insertOrder(db, { processStatus: 'ChargeBack' });
  if (r.refundDate) await db.update(orders).set({ refundDate: r.refundDate }).where(eq(orders.orderId, orderId));
  await insertMailRecords(db, orderId, `ev${orderId}`, r);
  if (r.downloads.length) {
    await db.insert(downloadHistory).values(r.downloads.map((d) => buildDownload({ orderId, ...d })));
  }
  await db.insert(remarks).values(buildRemark({ orderId, statusRefund: r.refundRemark ? 'Y' : 'N' }));
  if (r.activity.length) {
    await db.insert(orderActivity).values(
      r.activity.map((a) => ({
        orderId,
        actorName: 'Someone',
        action: 'status-changed',
        detail: a.detail,
        createdAt: a.createdAt,
      })),
    );
  }
  return orderId;
}

describe('the defence evidence read in one statement', () => {
  it('reads what the plain read (one query per record) reads, for random records', async () => {
    await fc.assert(
      fc.asyncProperty(records, async (r) => {
        const orderId = await orderWith(r);
        const plain = await plainOrderEvidence(database.db, orderId, MAIL_FROM);
        const read = await loadOrderEvidence(database.db, orderId, { mailFrom: MAIL_FROM });
        expect(read).toStrictEqual(plain);
        expect(read.company.company.name).toBe('Kiwi Visa Desk Ltd');
        // The approval is one of the e-mails read, as the letters and sections expect.
        expect(read.approval === null || read.mails.includes(read.approval)).toBe(true);
      }),
      { numRuns: 30 },
    );
  });

  it('reads only the first e-mails and downloads of an order that collected more', async () => {
    const db = database.db;
    const { orderId } = await insertOrder(db, { processStatus: 'Completed' });
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    const count = PACK_HISTORY_CAP + 5;
    await db.insert(mailMessages).values(
      Array.from({ length: count }, (_, i) =>
        buildMailMessage({
          orderId,
          kind: i === count - 1 ? 'approval' : 'resend',
          createdAt: at(i),
          idempotencyKey: `cap:${orderId}:${i}`,
        }),
      ),
    );
    await db
      .insert(downloadHistory)
      .values(Array.from({ length: count }, (_, i) => buildDownload({ orderId, createdAt: at(i) })));
    const plain = await plainOrderEvidence(db, orderId, MAIL_FROM);
    const read = await loadOrderEvidence(db, orderId, { mailFrom: MAIL_FROM });
    expect(read).toStrictEqual(plain);
    expect(read.mails).toHaveLength(PACK_HISTORY_CAP);
    expect(read.downloads).toHaveLength(PACK_HISTORY_CAP);
    // The approval beyond the first e-mails is not among them, in either read.
    expect(read.approval).toBeNull();
  });

  it('answers an unknown order as not found', async () => {
    await expect(loadOrderEvidence(database.db, 987_654_321, { mailFrom: MAIL_FROM })).rejects.toMatchObject({
      code: 'ORDER_NOT_FOUND',
    });
  });
});
