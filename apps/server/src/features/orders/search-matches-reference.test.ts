import { FOLDER_KEYS, SORT_KEYS } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { queryRows } from '../../db/client';
import { findFolderOrders } from './find-folder-orders';
import { folderWhere } from './folder-sql';
import { loadSearchedOrders, plainContains, searchedOrderArb, termArb, termOf } from './testing/search-reference';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const ctx = { staffId: 1, today: '2026-03-10' };

const queryArb = fc.record({
  term: termArb,
  folder: fc.constantFrom(...FOLDER_KEYS),
  sort: fc.option(fc.constantFrom(...SORT_KEYS), { nil: undefined }),
  dir: fc.constantFrom('asc' as const, 'desc' as const),
  perPage: fc.integer({ min: 1, max: 7 }),
  page: fc.integer({ min: 1, max: 4 }),
  countCap: fc.integer({ min: 1, max: 40 }),
});

describe('the folder search', () => {
  it('returns exactly the rows and total of the plain substring rule, for any term, folder, sort and page', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(searchedOrderArb, { minLength: 1, maxLength: 30 }),
        fc.array(queryArb, { minLength: 1, maxLength: 6 }),
        async (specs, queries) => {
          const stored = await loadSearchedOrders(database.db, specs);
          for (const query of queries) {
            const term = termOf(query.term, stored);
            if (!term.trim()) continue;
            const { folder, perPage, page, countCap } = query;
            const base = { folder, ctx, sort: { sort: query.sort, dir: query.dir } };
            // The expected page: the folder's own listing (no search), keeping the matching rows.
            const all = await findFolderOrders(database.db, { ...base, perPage: 1000, withTotal: false });
            const matching = new Set(
              (
                await queryRows<{ id: string }>(
                  database.db,
                  sql`select order_id::text as id from orders where ${folderWhere(folder, ctx)} and ${plainContains(term)}`,
                )
              ).map((r) => Number(r.id)),
            );
            const expected = all.rows.map((r) => r.order_id).filter((id) => matching.has(id));
            const got = await findFolderOrders(database.db, { ...base, perPage, page, countCap, search: term });
            const label = JSON.stringify({ ...query, term });
            expect(
              got.rows.map((r) => r.order_id),
              label,
            ).toEqual(expected.slice((page - 1) * perPage, page * perPage));
            expect({ total: got.total, totalCapped: got.totalCapped }, label).toEqual({
              total: Math.min(matching.size, countCap),
              totalCapped: matching.size > countCap,
            });
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 240_000);
});
