import {
  businessToday,
  contracts,
  DEFAULT_SLA_HOURS,
  FOLDER_KEYS,
  type FolderKey,
  MONTHS,
  SORT_KEYS,
  STATUSES,
} from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { insertStaff } from '../../db/factories';
import { checkWrittenAnswer } from '../../lib/answer-serializer';
import { type FindFolderOrdersOptions, findFolderOrders, findFolderPageText } from './find-folder-orders';
import { folderPageAnswer } from './folder-list.routes';
import { listAnchorsOf } from './list-anchors';

// The list and search calls answer rows the database wrote as JSON; the plain read makes each row
// an object. Both must give the same page, whatever the folder, sort, filter, page, search term,
// and whatever the text of names and e-mails (quotes, backslashes, other alphabets, control
// characters), and the written answer must be exactly what the contract allows.
let database: TestDatabase;
let staffIds: number[] = [];
const today = businessToday();
const NAMES = [`O'Brien "Jr"`, 'back\\slash', 'Ngā Tāne', 'Łukasz Żółć', 'tab\there', 'line\nbreak', 'Zoë 🙂', 'ann'];

beforeAll(async () => {
  database = await createTestDatabase();
  listAnchorsOf(database.db, 20);
  staffIds = [
    (await insertStaff(database.db, { type: 'Team', fastHash: true, name: 'Mia "M" Ngata', email: 'mia@example.com' }))
      .id,
    (await insertStaff(database.db, { type: 'Team', fastHash: true })).id,
  ];
  const [a = 0, b = 0] = staffIds;
  const names = sql`string_to_array(${NAMES.join('|')}, '|')`;
  await database.db.execute(sql`insert into orders (first_name, last_name, full_name, email, phone_number,
      country_code, process_status, processing_mode, assigned_to, processing_date, process_month, refund_date, created_at)
    select (${names})[1 + g % ${NAMES.length}], case when g % 9 = 0 then null else 'L' || g end,
      (${names})[1 + (g * 3) % ${NAMES.length}] || ' ' || g,
      case when g % 13 = 0 then null else md5(g::text) || '@example.com' end,
      case when g % 7 = 0 then null else '021' || g end, case when g % 5 = 0 then null else 'NZ' end,
      (${sql.raw(`array[${STATUSES.map((s) => `'${s}'`).join(',')}]`)})[1 + (g * 7) % ${STATUSES.length}],
      (array['Standard', 'Priority', 'Future'])[1 + g % 3],
      (array[null, ${a}, ${b}]::int[])[1 + (g * 5) % 3],
      case when g % 4 = 0 then null else ${today}::date + ((g * 3) % 120 - 40) end,
      case when g % 4 = 0 then null else (${sql.raw(`array[${MONTHS.map((m) => `'${m}'`).join(',')}]`)})[1 + g % 12] end,
      case when g % 5 = 0 then now() - make_interval(hours => g % 17) end,
      now() - make_interval(mins => g % 500)
    from generate_series(1, 700) as g`);
  await database.db.execute(sql`insert into order_disputes (order_id, respond_by, state)
    select order_id, case when order_id % 3 = 0 then null else current_date + (order_id % 20)::int end,
      (array['needs_response', 'submitted', 'won'])[1 + order_id % 3]
    from orders where order_id % 2 = 0`);
  await database.db.execute(sql`analyze orders`);
}, 60_000);
afterAll(() => database.destroy());

const read = fc.record({
  folder: fc.oneof(fc.constantFrom<FolderKey>('allOrder', 'chargeBack'), fc.constantFrom(...FOLDER_KEYS)),
  sort: fc.option(fc.constantFrom(...SORT_KEYS), { nil: undefined }),
  dir: fc.option(fc.constantFrom('asc' as const, 'desc' as const), { nil: undefined }),
  status: fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 4 },
    { arbitrary: fc.constantFrom(...STATUSES), weight: 1 },
  ),
  perPage: fc.constantFrom(10, 25, 50, 100, 500),
  page: fc.integer({ min: 1, max: 3 }),
  search: fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 2 },
    { arbitrary: fc.constantFrom('ann', 'ā', 'o', '"', '\\', 'example', '021', 'zz', '🙂'), weight: 1 },
  ),
  staff: fc.nat(1),
});

describe('folder pages written by the database', () => {
  it('are the pages the plain read makes, and what the contract allows', async () => {
    let rowsSeen = 0;
    await fc.assert(
      fc.asyncProperty(read, async (step) => {
        const options: FindFolderOrdersOptions = {
          folder: step.folder,
          ctx: { staffId: staffIds[step.staff] ?? 0, today },
          perPage: step.perPage,
          page: step.page,
          sort: { sort: step.sort, dir: step.dir },
          status: step.status,
          search: step.search,
          sla: DEFAULT_SLA_HOURS,
        };
        const expected = await findFolderOrders(database.db, options);
        const text = await findFolderPageText(database.db, options);
        const { rowsJson, ...rest } = text;
        rowsSeen += rowsJson.length;
        expect(
          rowsJson.map((row) => JSON.parse(row)),
          JSON.stringify(step),
        ).toEqual(expected.rows);
        expect(rest).toEqual({
          total: expected.total,
          totalCapped: expected.totalCapped,
          nextCursor: expected.nextCursor,
        });
        const answer = folderPageAnswer(text).toString('utf8');
        checkWrittenAnswer(contracts.orders.folderList.answer, answer, 'folder page');
        expect(JSON.parse(answer)).toMatchObject({ status: 1, message: 'Orders loaded.', total: expected.total });
      }),
      { numRuns: 60 },
    );
    // The comparison means something only if rows were compared at all.
    expect(rowsSeen).toBeGreaterThan(200);
  }, 120_000);

  it('carries the dispute fields on Charge Back rows only', async () => {
    const base = { ctx: { staffId: staffIds[0] ?? 0, today }, perPage: 50, sla: DEFAULT_SLA_HOURS };
    const chargeBack = await findFolderPageText(database.db, { ...base, folder: 'chargeBack' });
    const history = await findFolderPageText(database.db, { ...base, folder: 'allOrder' });
    expect(chargeBack.rowsJson.length).toBeGreaterThan(0);
    for (const row of chargeBack.rowsJson) expect(Object.keys(JSON.parse(row))).toContain('dispute_state');
    for (const row of history.rowsJson) expect(Object.keys(JSON.parse(row))).not.toContain('dispute_state');
  });

  it('refuses an answer with a field the contract does not list', () => {
    const page = {
      rowsJson: ['{"order_id":1,"process_status":"New","secret":"x"}'],
      total: 1,
      totalCapped: false,
      nextCursor: null,
    };
    expect(() =>
      checkWrittenAnswer(contracts.orders.folderList.answer, folderPageAnswer(page).toString('utf8'), 'folder page'),
    ).toThrow(/differs from the contract/);
  });
});
