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
