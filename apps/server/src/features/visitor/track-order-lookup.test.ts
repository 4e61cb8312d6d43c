import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { queryRows } from '../../db/client';
import { insertOrder } from '../../db/factories';
import { type Lookup, type LookupAnswer, lookUpMany, lookUpOne, lookupOf } from './track-order-lookup';

let t: TestApp;
const orders: { id: number; email: string }[] = [];
beforeAll(async () => {
  // Low limits, so short runs of look-ups reach every throttle.
  t = await createTestApp({ TRACK_ORDER_LIMIT: '2', TRACK_IP_LIMIT: '4', TRACK_ORDER_LOCK_AFTER: '3' });
  await t.database.reset();
  for (const email of ['one@example.com', 'two@example.com']) {
    const order = await insertOrder(t.database.db, { email });
    orders.push({ id: order.orderId, email });
  }
  const deleted = await insertOrder(t.database.db, { email: 'gone@example.com', processStatus: 'Deleted' });
  orders.push({ id: deleted.orderId, email: 'gone@example.com' });
});
afterAll(() => t.close());

/** A visitor's try: an order of the set, or an id no order has, or text that is no id. */
const attempt = fc.record({
  order: fc.integer({ min: 0, max: 4 }),
  rightEmail: fc.boolean(),
  ip: fc.constantFrom('198.51.100.1', '198.51.100.2', '2001:db8::7'),
});

function lookupFor(a: { order: number; rightEmail: boolean; ip: string }): Lookup {
  const order = orders[a.order];
  const orderId = order ? String(order.id) : a.order === 3 ? '999999999' : 'not "an" id\\';
  const email = order && a.rightEmail ? order.email.toUpperCase() : 'someone@example.com';
  const parsed = order ? order.id : a.order === 3 ? 999_999_999 : undefined;
  return lookupOf(t.config, { orderId, email, ip: a.ip }, parsed);
}

/** What a run leaves: each answer, the counters and its audit rows, in order. */
async function run(lookUp: (lookups: Lookup[]) => Promise<LookupAnswer[]>, lookups: Lookup[]) {
  await t.database.db.execute(sql`delete from rate_counters`);
  // The audit log is append-only: a run's rows are those after the last one before it.
  const [before] = await queryRows<{ id: number }>(
    t.database.db,
    sql`select coalesce(max(id), 0) as id from audit_log`,
  );
  const answers = (await lookUp(lookups)).map((a) => a.outcome);
  const counters = await queryRows(t.database.db, sql`select key, count from rate_counters order by key`);
  const audit = await queryRows(
    t.database.db,
    sql`select target, ip, outcome from audit_log where id > ${before?.id ?? 0} order by id`,
  );
  return { answers, counters, audit };
}

describe('track-order look-ups sent together', () => {
  it('answer and count as the same look-ups sent one after another', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(attempt, { minLength: 1, maxLength: 12 }), async (attempts) => {
        const lookups = attempts.map(lookupFor);
        const oneByOne = await run(async (all) => {
          const answers: LookupAnswer[] = [];
          for (const lookup of all) answers.push(await lookUpOne(t.database.db, lookup));
          return answers;
        }, lookups);
        const together = await run((all) => lookUpMany(t.database.db, all), lookups);
        expect(together).toEqual(oneByOne);
      }),
      { numRuns: 30 },
    );
  });

  it('reach every outcome over such runs (the property above is not about nothing)', async () => {
    const lookups = [0, 0, 1, 3, 4, 0, 0, 0].map((order, i) =>
      lookupFor({ order, rightEmail: i === 0, ip: '198.51.100.9' }),
    );
    const { answers } = await run((all) => lookUpMany(t.database.db, all), lookups);
    expect(answers).toEqual([
      'found',
      'not-found',
      'not-found',
      'not-found',
      'throttled',
      'throttled',
      'throttled',
      'throttled',
    ]);
  });
});
