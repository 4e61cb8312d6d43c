import {
  businessToday,
  DEFAULT_SLA_HOURS,
  FOLDER_KEYS,
  type FolderKey,
  MONTHS,
  type Month,
  PAGE_SIZES,
  SORT_KEYS,
  STATUSES,
  type Status,
} from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { insertStaff } from '../../db/factories';
import { type FindFolderOrdersOptions, findFolderOrders } from './find-folder-orders';
import { ANCHOR_EVERY, listAnchorsOf } from './list-anchors';

// Deep pages read from anchors must be exactly the pages plain OFFSET reads, whatever the folder,
// sort, filter, page and page size, and whatever orders were written, moved or deleted in between.
// Anchors every 50 rows here, so a few thousand orders hold many of them.
const EVERY = 50;
let database: TestDatabase;
let staffIds: number[] = [];
const today = businessToday();

async function insertOrders(count: number, seed: number) {
  const [a = 0, b = 0] = staffIds;
  await database.db.execute(sql`insert into orders (first_name, last_name, full_name, email, phone_number,
      process_status, processing_mode, assigned_to, processing_date, refund_date, created_at)
    select 'F' || g, 'L' || g,
      case when (g + ${seed}) % 11 = 0 then null when g % 3 = 0 then 'ann ' || (g % 7) else 'Bob ' || md5((g + ${seed})::text) end,
      case when (g + ${seed}) % 13 = 0 then null else md5((g * 7 + ${seed})::text) || '@example.com' end,
      '021' || g,
      (${sql.raw(`array[${STATUSES.map((s) => `'${s}'`).join(',')}]`)})[1 + (g * 7 + ${seed}) % ${STATUSES.length}],
      (array['Standard', 'Priority', 'Future'])[1 + (g + ${seed}) % 3],
      (array[null, ${a}, ${b}]::int[])[1 + (g * 5 + ${seed}) % 3],
      case when (g + ${seed}) % 4 = 0 then null else ${today}::date + ((g * 3 + ${seed}) % 120 - 40) end,
      case when (g + ${seed}) % 5 = 0 then now() - make_interval(hours => g % 17) end,
      now() - make_interval(mins => (g + ${seed}) % 700)
    from generate_series(1, ${count}) as g`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  listAnchorsOf(database.db, EVERY);
  staffIds = [
    (await insertStaff(database.db, { type: 'Team', fastHash: true })).id,
    (await insertStaff(database.db, { type: 'Team', fastHash: true })).id,
  ];
  await insertOrders(2400, 0);
  await database.db.execute(sql`analyze orders`);
}, 60_000);
afterAll(() => database.destroy());

interface Read {
  kind: 'read';
  folder: FolderKey;
  sort: (typeof SORT_KEYS)[number] | undefined;
  dir: 'asc' | 'desc' | undefined;
  status: Status | undefined;
  month: Month | undefined;
  perPage: number;
  /** where in the folder the page lies, in percent (a little past 100: the page after the end) */
  depth: number;
  staff: number;
}

type Write =
  | { kind: 'insert'; count: number; seed: number }
  | { kind: 'move'; modulo: number; status: Status }
  | { kind: 'delete'; modulo: number }
  | { kind: 'rename'; modulo: number; name: string };

const read: fc.Arbitrary<Read> = fc.record({
  kind: fc.constant('read' as const),
  folder: fc.oneof(fc.constant<FolderKey>('allOrder'), fc.constantFrom(...FOLDER_KEYS)),
  sort: fc.option(fc.constantFrom(...SORT_KEYS), { nil: undefined }),
  dir: fc.option(fc.constantFrom('asc' as const, 'desc' as const), { nil: undefined }),
  status: fc.option(fc.constantFrom(...STATUSES), { nil: undefined, freq: 2 }),
  month: fc.option(fc.constantFrom(...MONTHS), { nil: undefined }),
  perPage: fc.constantFrom(10, 25, 50, 100, 500),
  depth: fc.integer({ min: 0, max: 105 }),
  staff: fc.nat(1),
});

const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), count: fc.integer({ min: 1, max: 60 }), seed: fc.nat(1000) }),
  fc.record({
    kind: fc.constant('move' as const),
    modulo: fc.integer({ min: 3, max: 400 }),
    status: fc.constantFrom(...STATUSES),
  }),
  fc.record({ kind: fc.constant('delete' as const), modulo: fc.integer({ min: 5, max: 400 }) }),
  fc.record({
    kind: fc.constant('rename' as const),
    modulo: fc.integer({ min: 3, max: 400 }),
    name: fc.string({ maxLength: 6 }),
  }),
);

async function apply(step: Write) {
  const db = database.db;
  if (step.kind === 'insert') await insertOrders(step.count, step.seed);
  if (step.kind === 'move')
    await db.execute(sql`update orders set process_status = ${step.status} where order_id % ${step.modulo} = 1`);
  if (step.kind === 'delete') await db.execute(sql`delete from orders where order_id % ${step.modulo} = 2`);
  if (step.kind === 'rename')
    await db.execute(sql`update orders set full_name = ${step.name} where order_id % ${step.modulo} = 0`);
}

async function compare(step: Read) {
  const base: FindFolderOrdersOptions = {
    folder: step.folder,
    ctx: { staffId: staffIds[step.staff] ?? 0, today },
    perPage: step.perPage,
    sort: { sort: step.sort, dir: step.dir },
    status: step.status,
    month: step.folder === 'futureOrder' ? step.month : undefined,
    sla: DEFAULT_SLA_HOURS,
  };
  const first = await findFolderOrders(database.db, { ...base, page: 1, plain: true });
  const pages = Math.max(1, Math.ceil(first.total / step.perPage));
  const page = 1 + Math.floor((step.depth / 100) * pages);
  const expected = await findFolderOrders(database.db, { ...base, page, plain: true });
  const actual = await findFolderOrders(database.db, { ...base, page });
  expect(actual, JSON.stringify({ ...step, page })).toEqual(expected);
}

describe('deep pages from anchors', () => {
  it('read exactly the rows and total of plain OFFSET, across writes', async () => {
    const anchors = listAnchorsOf(database.db);
    const hitsBefore = anchors.hits;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof({ arbitrary: read, weight: 3 }, { arbitrary: write, weight: 1 }), {
          minLength: 1,
          maxLength: 12,
        }),
        async (steps) => {
          for (const step of steps) {
            if (step.kind === 'read') await compare(step);
            else await apply(step);
          }
        },
      ),
      { numRuns: 40, endOnFailure: true },
    );
    // The comparison means something only if pages were read from anchors at all.
    expect(anchors.hits - hitsBefore).toBeGreaterThan(20);
  }, 240_000);

  it('a page read again after each kind of write still matches', async () => {
    const step: Read = {
      kind: 'read',
      folder: 'allOrder',
      sort: undefined,
      dir: undefined,
      status: undefined,
      month: undefined,
      perPage: 25,
      depth: 60,
      staff: 0,
    };
    await compare(step);
    for (const change of [
      { kind: 'insert', count: 7, seed: 3 },
      { kind: 'move', modulo: 9, status: 'Completed' },
      { kind: 'delete', modulo: 11 },
      { kind: 'rename', modulo: 5, name: 'aaa' },
    ] satisfies Write[]) {
      await apply(change);
      await compare(step);
      await compare({ ...step, sort: 'name', dir: 'asc' });
      await compare({ ...step, sort: 'status', dir: 'desc', perPage: 10 });
    }
  }, 60_000);
});

describe('anchor spacing', () => {
  // A page that starts at an anchor is read straight from the index, as page 1 is.
  it('puts an anchor at the start of every page of the largest size', () => {
    expect(ANCHOR_EVERY % Math.max(...PAGE_SIZES)).toBe(0);
  });
});
