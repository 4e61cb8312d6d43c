import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { queryRows } from '../../db/client';

// Whether a term is common decides how a search counts its matches (walking orders or the trigram
// index); the planner reads that from search_text's histogram, which migration 0019 enlarges so
// the estimate (and the plan) does not swing from one ANALYZE to the next.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('search column statistics', () => {
  it('keeps a 1,000-entry histogram for search_text', async () => {
    const [row] = await queryRows<{ target: number | null }>(
      database.db,
      sql`select attstattarget::int as target from pg_attribute
        where attrelid = 'orders'::regclass and attname = 'search_text'`,
    );
    expect(row?.target).toBe(1000);
  });
});

describe('search indexes', () => {
  it('take new entries at once, without a pending list every search would also read', async () => {
    const rows = await queryRows<{ name: string; options: string[] | null }>(
      database.db,
      sql`select relname as name, reloptions as options from pg_class
        where relname in ('orders_search_trgm_idx', 'orders_short_grams_idx') order by relname`,
    );
    expect(rows).toEqual([
      { name: 'orders_search_trgm_idx', options: ['fastupdate=off'] },
      { name: 'orders_short_grams_idx', options: ['fastupdate=off'] },
    ]);
  });
});
