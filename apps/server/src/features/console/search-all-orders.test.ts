import { ROLES } from '@nzeta/domain';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { queryRows } from '../../db/client';
import { folderWhere } from '../orders';
import {
  loadSearchedOrders,
  plainContains,
  searchedOrderArb,
  termArb,
  termOf,
} from '../orders/testing/search-reference';
import { foldersFor, searchAllOrders } from './search-all-orders';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const ctx = { staffId: 1, today: '2026-03-10' };

/** Newest first, among the folders the role may open: plain SQL, no index in mind. */
async function plainIds(role: (typeof ROLES)[number], where: SQL, limit: number): Promise<number[]> {
  const visible = sql.join(
    foldersFor(role).map((key) => folderWhere(key, ctx)),
    sql` or `,
  );
  const rows = await queryRows<{ id: string }>(
    database.db,
    sql`select order_id::text as id from orders where (${visible}) and ${where}
      order by created_at desc, order_id desc limit ${limit}`,
  );
  return rows.map((r) => Number(r.id));
}

describe('the header search', () => {
  it('answers the exact hits, then the plain substring matches, for any term, role and limit', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(searchedOrderArb, { minLength: 1, maxLength: 30 }),
        fc.array(fc.record({ term: termArb, role: fc.constantFrom(...ROLES), limit: fc.integer({ min: 1, max: 6 }) }), {
          minLength: 1,
          maxLength: 6,
        }),
        async (specs, queries) => {
          const stored = await loadSearchedOrders(database.db, specs);
          for (const { term: spec, role, limit } of queries) {
            const term = termOf(spec, stored).trim();
            if (!term) continue;
            const id = /^\d{6,15}$/.test(term) ? sql`order_id = ${Number(term)} or ` : sql``;
            const exact = await plainIds(role, sql`(${id}upper(passport_number) = upper(${term}))`, limit);
            const partial = await plainIds(role, plainContains(term), limit + 1);
            const merged = [...exact, ...partial.filter((n) => !exact.includes(n))];
            const got = await searchAllOrders(database.db, { term, role, ctx, limit });
            const label = JSON.stringify({ term, role, limit });
            expect(
              got.hits.map((h) => h.order_id),
              label,
            ).toEqual(merged.slice(0, limit));
            expect(got.more, label).toBe(merged.length > limit);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 240_000);
});
