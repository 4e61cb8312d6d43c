import { DELIVERED_STATUSES, PROCESSING_MODES, STATUSES } from '@nzeta/domain';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { queryRows } from '../../db/client';
import { insertOrder } from '../../db/factories';
import { orders } from '../../db/schema';
import { getCountryOrderCount } from './get-country-order-count';
import { getProcessedByCount } from './get-processed-by-count';
import type { ReportRange } from './report-range';
import { plainCountryOrderCount } from './testing/plain-country-order-count';
import { plainProcessedByCount } from './testing/plain-processed-by-count';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

// Zones whose midnight falls on, off, half and three-quarters past UTC's hour, and one with DST.
const ZONES = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'Pacific/Auckland'];
const BASE = Date.UTC(2025, 0, 1);
const HOUR = 3_600_000;
const DAYS = 100;
/**
 * Instants over three months at minute precision, most of them near a UTC midnight or a month's
 * start, so range edges fall on every side of a midnight and ranges cover whole months.
 */
const instantArb = fc
  .oneof(
    fc.integer({ min: 0, max: DAYS * 24 * 60 }),
    fc
      .tuple(fc.constantFrom(0, 31, 59, 90), fc.integer({ min: -14 * 60, max: 14 * 60 }))
      .map(([d, m]) => d * 24 * 60 + m),
  )
  .map((m) => new Date(BASE + m * 60_000).toISOString());
const dayArb = fc
  .oneof(fc.integer({ min: -1, max: DAYS + 1 }), fc.constantFrom(0, 30, 31, 58, 59, 89, 90))
  .map((d) => new Date(BASE + d * 24 * HOUR).toISOString().slice(0, 10));

const orderArb = fc.record({
  createdAt: instantArb,
  nationality: fc.constantFrom('India', 'Japan', ' India ', '', '  ', null, 'Brasil'),
  processingMode: fc.constantFrom(...PROCESSING_MODES),
  processStatus: fc.constantFrom(...STATUSES),
  processedAt: fc.option(instantArb, { nil: null }),
  processedBy: fc.option(fc.constantFrom('Ana', 'Ben', 'Chen'), { nil: null }),
});
type OrderSpec = typeof orderArb extends fc.Arbitrary<infer T> ? T : never;

const changeArb = fc.oneof(
  fc.record({ kind: fc.constant('status' as const), index: fc.nat(), value: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant('nationality' as const), index: fc.nat(), value: fc.constantFrom('Japan', '') }),
  fc.record({ kind: fc.constant('processed' as const), index: fc.nat(), value: instantArb }),
  fc.record({ kind: fc.constant('delete' as const), index: fc.nat() }),
);
type Change = typeof changeArb extends fc.Arbitrary<infer T> ? T : never;

const rangeArb: fc.Arbitrary<ReportRange> = fc
  .tuple(fc.option(dayArb, { nil: undefined }), fc.option(dayArb, { nil: undefined }))
  .map(([a, b]) => (a && b && a > b ? { fromDate: b, toDate: a } : { fromDate: a, toDate: b }));

async function load(specs: OrderSpec[], changes: Change[]): Promise<void> {
  await database.db.execute(sql`truncate orders restart identity cascade`);
  const ids: number[] = [];
  for (const spec of specs) ids.push((await insertOrder(database.db, spec)).orderId);
  for (const change of changes) {
    const orderId = ids[change.index % ids.length];
    if (orderId === undefined) continue;
    const where = eq(orders.orderId, orderId);
    if (change.kind === 'delete') await database.db.delete(orders).where(where);
    else if (change.kind === 'status')
      await database.db.update(orders).set({ processStatus: change.value }).where(where);
    else if (change.kind === 'nationality')
      await database.db.update(orders).set({ nationality: change.value }).where(where);
    else await database.db.update(orders).set({ processedAt: change.value, processedBy: 'Ana' }).where(where);
  }
}

describe('the reports read from the daily rollups', () => {
  it('answer exactly what the orders alone answer, for any orders, changes, zone and range', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(orderArb, { minLength: 1, maxLength: 25 }),
        fc.array(changeArb, { maxLength: 10 }),
        fc.array(fc.tuple(fc.constantFrom(...ZONES), rangeArb), { minLength: 1, maxLength: 4 }),
        async (specs, changes, queries) => {
          await load(specs, changes);
          for (const [zone, range] of queries) {
            expect(await getCountryOrderCount(database.db, range, zone)).toEqual(
              await plainCountryOrderCount(database.db, range, zone),
            );
            expect(await getProcessedByCount(database.db, range, zone)).toEqual(
              await plainProcessedByCount(database.db, range, zone),
            );
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it('count the statuses the lifecycle calls delivered, and no other', async () => {
    await load(
      STATUSES.map((processStatus) => ({
        createdAt: '2025-01-02T12:00:00Z',
        nationality: 'India',
        processingMode: 'Standard' as const,
        processStatus,
        processedAt: '2025-01-02T12:00:00Z',
        processedBy: 'Ana',
      })),
      [],
    );
    const [row] = await getProcessedByCount(database.db, { fromDate: '2025-01-01', toDate: '2025-01-05' }, 'UTC');
    expect(row).toEqual({ processed_by: 'Ana', count: DELIVERED_STATUSES.length });
  });

  it('plans the country report without parallel workers, and only within its own transaction', async () => {
    const setting = async (db: Parameters<typeof getCountryOrderCount>[0]) => {
      const [row] = await queryRows<{ workers: string }>(
        db,
        sql`select current_setting('max_parallel_workers_per_gather') as workers`,
      );
      return row?.workers;
    };
    const before = await setting(database.db);
    await database.db.transaction(async (tx) => {
      await getCountryOrderCount(tx, { fromDate: '2025-01-01', toDate: '2025-12-31' }, 'Pacific/Auckland');
      expect(await setting(tx)).toBe('0');
    });
    expect(before).not.toBe('0');
    expect(await setting(database.db)).toBe(before);
  });
});
