import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { queryRows } from './client';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('the planner', () => {
  // PGlite starts with sequential scans off; a search for a common term then walked its whole
  // trigram index instead of reading orders until its count cap (README, Benchmarks).
  it('may read a table in order, on either engine', async () => {
    const [row] = await queryRows<{ enable_seqscan: string }>(database.db, sql`show enable_seqscan`);
    expect(row?.enable_seqscan).toBe('on');
  });
});
