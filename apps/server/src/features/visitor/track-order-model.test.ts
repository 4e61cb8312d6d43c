import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertOrder } from '../../db/factories';
import { auditLog } from '../../db/schema';

const LIMITS = { ip: 5, pair: 2, lockAfter: 3 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    TRACK_IP_LIMIT: String(LIMITS.ip),
    TRACK_ORDER_LIMIT: String(LIMITS.pair),
    TRACK_ORDER_LOCK_AFTER: String(LIMITS.lockAfter),
  });
  await t.database.reset();
});
afterAll(() => t.close());

type Outcome = 200 | 404 | 429;
interface Step {
  /** which of three addresses */
  address: number;
  /** orders 0-1 exist, 2 is deleted, 3 is unknown */
  order: number;
  isRightEmail: boolean;
}

/**
 * The throttles as DESIGN §6 and the separate statements before them had it: the address is
 * counted first, then the (address, order) pair, then the order; the first count past its limit
 * answers 429 and counts nothing further; a wrong look-up answers 404 and is audited as failed;
 * the right one clears the pair and order counts (never the address's). No window ends here.
 */
function referenceModel(steps: Step[], isFound: (order: number) => boolean) {
  const counts = new Map<string, number>();
  const hit = (key: string) => {
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    return count;
  };
  const outcomes: Outcome[] = [];
  let failedAudits = 0;
  let okAudits = 0;
  for (const { address, order, isRightEmail } of steps) {
    const pair = `${address}:${order}`;
    if (
      hit(`ip:${address}`) > LIMITS.ip ||
      hit(`pair:${pair}`) > LIMITS.pair ||
      hit(`order:${order}`) > LIMITS.lockAfter
    ) {
      outcomes.push(429);
    } else if (!isRightEmail || !isFound(order)) {
      failedAudits++;
      outcomes.push(404);
    } else {
      counts.delete(`pair:${pair}`);
      counts.delete(`order:${order}`);
      okAudits++;
      outcomes.push(200);
    }
  }
  return { outcomes, failedAudits, okAudits };
}

const step = fc.record({
  address: fc.integer({ min: 0, max: 2 }),
  order: fc.integer({ min: 0, max: 3 }),
  // Mostly wrong guesses, so every limit is reached in some sequences.
  isRightEmail: fc.integer({ min: 0, max: 9 }).map((n) => n < 3),
});

let run = 0;

describe('track-order throttles in one call', () => {
  it('answer as the reference model over random sequences of look-ups', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
        run++;
        const db = t.database.db;
        const orders = [
          ...(await Promise.all([0, 1].map((i) => insertOrder(db, { email: `visitor${i}.${run}@example.com` })))),
          await insertOrder(db, { email: `deleted.${run}@example.com`, processStatus: 'Deleted' }),
        ];
        const unknownId = Math.max(...orders.map((o) => o.orderId)) + 1_000_000;
        const idOf = (order: number) => orders[order]?.orderId ?? unknownId;
        const emailOf = (order: number) => orders[order]?.email ?? 'nobody@example.com';
        const answered: Outcome[] = [];
        for (const s of steps) {
          const response = await t.call({
            method: 'POST',
            url: '/api/front/track-order',
            payload: { orderId: String(idOf(s.order)), email: s.isRightEmail ? emailOf(s.order) : 'wrong@example.com' },
            remoteAddress: `198.51.${run}.${s.address + 1}`,
          });
          answered.push(response.statusCode as Outcome);
          if (response.statusCode === 429) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        }
        const model = referenceModel(steps, (order) => order <= 1);
        expect(answered).toEqual(model.outcomes);

        const targets = [0, 1, 2, 3].map((order) => `order:${idOf(order)}`);
        const audits = await db
          .select({ outcome: auditLog.outcome })
          .from(auditLog)
          .where(and(eq(auditLog.action, 'visitor-track'), inArray(auditLog.target, targets)));
        expect(audits.filter((a) => a.outcome === 'failed')).toHaveLength(model.failedAudits);
        expect(audits.filter((a) => a.outcome === 'ok')).toHaveLength(model.okAudits);
      }),
      { numRuns: 60 },
    );
  });
});
