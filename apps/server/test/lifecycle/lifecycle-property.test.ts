import {
  decideOrderAction,
  isDeliveredStatus,
  LIFECYCLE_ROLES,
  type LifecycleRole,
  ORDER_ACTIONS,
  type OrderAction,
  type OrderState,
  ROLES,
  type Status,
} from '@nzeta/domain';
import { asc, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder, insertStaff } from '../../src/db/factories';
import { orderActivity, orders } from '../../src/db/schema';
import { applyOrderAction, type LifecycleActor } from '../../src/features/lifecycle';
import { getProcessedByCount } from '../../src/features/reports/get-processed-by-count';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ORDERS = 3;
const START: Status[] = ['New', 'Completed', 'ChargeBack'];

interface Step {
  order: number;
  action: OrderAction;
  role: LifecycleRole;
  /** which member of that role acts (two per role, so claims meet other holders) */
  member: 0 | 1;
}

const stepArb: fc.Arbitrary<Step> = fc.record({
  order: fc.integer({ min: 0, max: ORDERS - 1 }),
  action: fc.constantFrom(...ORDER_ACTIONS),
  role: fc.constantFrom(...LIFECYCLE_ROLES),
  member: fc.constantFrom(0 as const, 1 as const),
});

type Row = typeof orders.$inferSelect;
const stateOf = (row: Row): OrderState => ({
  status: row.processStatus as Status,
  assignedTo: row.assignedTo,
  refunded: !!row.refundDate,
  erased: !!row.erasedAt,
  credited: !!(row.processedBy || row.processedById),
  previousStatus: (row.previousStatus as Status | null) ?? null,
});

/** The processed report recounted from the timeline alone: the last credit event of each order. */
async function recountFromActivity(ids: number[], statusOf: Map<number, string>): Promise<Map<string, number>> {
  const rows = await t.database.db
    .select()
    .from(orderActivity)
    .where(inArray(orderActivity.orderId, ids))
    .orderBy(asc(orderActivity.id));
  const holder = new Map<number, string | null>();
  for (const row of rows) {
    const credit = row.detail?.credit;
    if (credit === 'given') holder.set(row.orderId, String(row.detail?.processedBy));
    if (credit === 'withdrawn') holder.set(row.orderId, null);
  }
  const counts = new Map<string, number>();
  for (const [orderId, name] of holder) {
    if (name && isDeliveredStatus(statusOf.get(orderId) ?? '')) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

describe('lifecycle, random action sequences by random roles', () => {
  it('never reach a state the table forbids, never lose a claim, and the report equals the timeline', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 5, maxLength: 30 }), async (steps) => {
        await t.database.reset();
        const members = new Map<string, { id: number; name: string; role: (typeof ROLES)[number] }>();
        for (const role of ROLES) {
          for (const n of [0, 1]) {
            const row = await insertStaff(t.database.db, { type: role, name: `${role} ${n}` });
            members.set(`${role}:${n}`, { id: row.id, name: row.name, role });
          }
        }
        const ids: number[] = [];
        for (const status of START) ids.push((await insertOrder(t.database.db, { processStatus: status })).orderId);
        const read = async () =>
          new Map(
            (await t.database.db.select().from(orders).where(inArray(orders.orderId, ids))).map((r) => [r.orderId, r]),
          );
        for (const step of steps) {
          const orderId = ids[step.order] as number;
          const before = (await read()).get(orderId) as Row;
          const member = members.get(`${step.role}:${step.member}`);
          const actor: LifecycleActor = member ? member : { kind: 'system', name: 'System' };
          const expected = decideOrderAction(stateOf(before), step.action, {
            role: step.role,
            id: member?.id ?? null,
          });
          const other = members.get(`Team:${1 - step.member}`);
          const result = await applyOrderAction(t.database.db, {
            orderIds: [orderId],
            action: step.action,
            actor,
            ...(step.action === 'reassign' && other ? { assignTo: other } : {}),
            ...(step.action === 'deliver' ? { creditTo: members.get('Team:0') ?? null } : {}),
          });
          const after = (await read()).get(orderId) as Row;
          expect(result.done.length === 1, `${step.role} ${step.action} on ${before.processStatus}`).toBe(
            expected.allowed,
          );
          if (!expected.allowed) {
            // Refused: nothing of the lifecycle moved.
            expect(stateOf(after)).toEqual(stateOf(before));
            continue;
          }
          expect(after.processStatus).toBe(expected.to);
          // An erased order stays erased; a claim only moves by claim, release or reassign.
          if (before.erasedAt) expect(after.erasedAt).toBe(before.erasedAt);
          if (!['claim', 'release', 'reassign'].includes(step.action)) expect(after.assignedTo).toBe(before.assignedTo);
          if (after.processStatus === 'New' && after.assignedTo !== null) {
            expect([...members.values()].some((m) => m.id === after.assignedTo)).toBe(true);
          }
          // Credit only where delivered, or kept through a deletion.
          if (after.processedBy && !isDeliveredStatus(after.processStatus)) {
            expect(['Deleted', 'Pending']).toContain(after.processStatus);
          }
        }
        const finalRows = await read();
        const statusOf = new Map([...finalRows].map(([id, row]) => [id, row.processStatus]));
        const recount = await recountFromActivity(ids, statusOf);
        const report = await getProcessedByCount(t.database.db, {}, 'UTC');
        const reported = new Map(report.map((row) => [row.processed_by, row.count]));
        // Orders that started delivered carry no credit event; only credit given in the run is compared.
        for (const [name, count] of recount) expect(reported.get(name)).toBe(count);
        for (const [name, count] of reported) expect(recount.get(name) ?? 0).toBe(count);
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
