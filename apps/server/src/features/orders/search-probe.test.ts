import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordQueries } from '../../../test/count-queries';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { queryRows } from '../../db/client';
import { insertOrder } from '../../db/factories';
import { findFolderOrders } from './find-folder-orders';
import { rareTermWhere, walkWhere } from './folder-search';
import { probeOf } from './search-probe';
import { readSearchStats } from './search-stats';
import { plainContains } from './testing/search-reference';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const ids = async (where: SQL) =>
  (
    await queryRows<{ id: string }>(database.db, sql`select order_id::text as id from orders where ${where} order by 1`)
  ).map((r) => r.id);

describe('a search asked of the index through a part of its term, or walking the orders', () => {
  it('finds exactly the orders of the plain rule, whichever part is asked for', async () => {
    const words = ['netraizu', 'tamora', 'vidou', 'example.net', '0213', 'hj702', 'Lee-Ann'];
    await database.db.execute(sql`truncate orders restart identity cascade`);
    for (let i = 0; i < 60; i++) {
      const pick = (k: number) => words[(i * k) % words.length] ?? '';
      await insertOrder(database.db, {
        firstName: pick(3),
        lastName: `${pick(5)}${i % 4 === 0 ? pick(2) : ''}`,
        email: `${pick(2)}.${i}@${pick(1)}`,
        phoneNumber: `0213${i}${i * 7}`,
        passportNumber: `hj702${i}`,
      });
    }
    const termArb = fc
      .tuple(
        fc.constantFrom(...words, 'raizu@exa', 'ou.netr', 'tamora vidou', '02134 7'),
        fc.nat(),
        fc.nat(),
        fc.boolean(),
      )
      .map(([base, from, length, upper]) => {
        const term = `${base}${words[from % words.length]}`.slice(from % 4, (from % 4) + 6 + (length % 9));
        return upper ? term.toUpperCase() : term;
      });
    await fc.assert(
      fc.asyncProperty(termArb, fc.nat(), fc.nat(), async (term, from, length) => {
        const runs = term.toLowerCase().match(/[a-z0-9]{3,}/g) ?? [];
        fc.pre(runs.length > 0 && term.trim().length >= 3);
        const run = runs[from % runs.length] ?? '';
        const start = from % (run.length - 2);
        const probe = run.slice(start, start + 3 + (length % (run.length - start - 2)));
        const expected = await ids(plainContains(term));
        expect(await ids(rareTermWhere(term.trim(), probe)), JSON.stringify({ term, probe })).toEqual(expected);
        expect(await ids(rareTermWhere(term.trim())), term).toEqual(expected);
        expect(await ids(walkWhere(term.trim())), term).toEqual(expected);
      }),
      { numRuns: 120 },
    );
  }, 120_000);

  it('is taken for a rare term once the orders are analysed, and answers its orders', async () => {
    await database.db.execute(sql`truncate orders restart identity cascade`);
    await database.db.execute(sql`insert into orders (first_name, last_name, full_name, email, phone_number,
        process_status, processing_mode, created_at)
      select 'Ann', 'Net' || g, 'Ann Net' || g, 'ann.net' || g || '@example.net', '021' || g,
        'New Orders', 'Standard', now() - make_interval(mins => g)
      from generate_series(1, 1500) as g`);
    await database.db.execute(sql`analyze orders`);
    // A new order since the last ANALYZE: its term is in none of the sampled search texts.
    const rare = await insertOrder(database.db, { firstName: 'Ann', lastName: 'Netraizu', email: 'ann@example.net' });

    const stats = await readSearchStats(database.db);
    expect(stats.trigramShares.get('net')).toBeGreaterThan(0.9);
    const probe = probeOf('netraizu', stats);
    expect(probe).toBeDefined();
    expect(probe).not.toContain('net');

    const search = (term: string) =>
      findFolderOrders(database.db, {
        folder: 'allOrder',
        ctx: { staffId: 1, today: '2026-03-10' },
        perPage: 10,
        search: term,
      });
    let page = await search('NetRaizu');
    const sent = await recordQueries(database, async () => {
      page = await search('NetRaizu');
    });
    expect(page.rows.map((r) => r.order_id)).toEqual([rare.orderId]);
    expect(page.total).toBe(1);
    expect(sent.filter((text) => text.includes('search_candidates('))).toHaveLength(1);
    // A term in the sampled texts is counted by the planned statement, not as a rare one.
    const common = await recordQueries(database, () => search('ann.net'));
    expect(common.some((text) => text.includes('search_candidates('))).toBe(false);
  });
});
