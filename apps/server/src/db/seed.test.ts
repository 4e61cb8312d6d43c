import { businessToday, FOLDER_KEYS, intakeApplicationInput, isInFolder } from '@nzeta/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { getCountryOrderCount } from '../features/reports/get-country-order-count';
import { getProcessedByCount } from '../features/reports/get-processed-by-count';
import { plainCountryOrderCount } from '../features/reports/testing/plain-country-order-count';
import { plainProcessedByCount } from '../features/reports/testing/plain-processed-by-count';
import { queryRows } from './client';
import { toIntakeBody } from './factories';
import { orderOtherNames, orders, staff } from './schema';
import { DEMO_ACCOUNTS, seedDemoData, seedIfEmpty } from './seed';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.destroy());
beforeEach(async () => database.reset());

interface FolderRow {
  status: string;
  mode: string;
  assignedTo: number | null;
  processingDate: string | null;
}

const readOrders = () =>
  queryRows<FolderRow>(
    database.db,
    sql`select process_status as status, processing_mode as mode, assigned_to as "assignedTo",
          processing_date::text as "processingDate" from orders`,
  );

const rollupTotal = async () =>
  (
    await queryRows<{ total: number }>(database.db, sql`select coalesce(sum(count), 0)::int as total from order_rollup`)
  )[0]?.total;

/** The rollup as a fresh GROUP BY would compute it, for comparison. */
const rollupMismatches = () =>
  queryRows(
    database.db,
    sql`(select status, mode, assigned_to, processing_date, count from order_rollup where count <> 0
         except
         select process_status, processing_mode, order_rollup_assignee(process_status, assigned_to),
           order_rollup_date(process_status, processing_date), count(*)
         from orders group by 1, 2, 3, 4)
        union all
        (select process_status, processing_mode, order_rollup_assignee(process_status, assigned_to),
           order_rollup_date(process_status, processing_date), count(*)
         from orders group by 1, 2, 3, 4
         except
         select status, mode, assigned_to, processing_date, count from order_rollup where count <> 0)`,
  );

describe('seedDemoData', () => {
  it('fills every folder, for the demo Team and Admin members too', async () => {
    await seedDemoData(database.db, { orders: 300, seed: 1 });
    const members = await database.db.select().from(staff);
    expect(members.map((m) => m.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    const rows = await readOrders();
    expect(rows).toHaveLength(300);
    const today = businessToday();
    for (const type of ['Team', 'Admin']) {
      const member = members.find((m) => m.type === type)!;
      for (const key of FOLDER_KEYS) {
        const count = rows.filter((row) => isInFolder(key, row, { staffId: member.id, today })).length;
        expect(count, `${key} for ${type}`).toBeGreaterThan(0);
      }
    }
    expect(await rollupTotal()).toBe(300);
    expect(await rollupMismatches()).toEqual([]);
  });

  it('stores each application as the intake would: its reference, and fields the intake schema accepts', async () => {
    await seedDemoData(database.db, { orders: 120, seed: 4 });
    const stored = await database.db.select().from(orders);
    const names = await database.db.select().from(orderOtherNames);
    expect(stored).toHaveLength(120);
    for (const order of stored) {
      expect(order.intakeReference).toBe(`demo-${order.orderId}`);
      const otherNames = names.filter((n) => n.orderId === order.orderId);
      // The database writes a timestamp its own way; the intake takes ISO 8601.
      const paidAt = order.paidAt && new Date(order.paidAt).toISOString();
      const body = toIntakeBody({ order: { ...order, paidAt }, otherNames }, order.intakeReference ?? '');
      expect(intakeApplicationInput.safeParse(body).error?.issues ?? []).toEqual([]);
      expect(order.fullName).toBe(`${order.firstName} ${order.lastName}`);
      expect(order.differentName === 'yes').toBe(otherNames.length > 0);
    }
  });

  it('writes the history around the orders', async () => {
    await seedDemoData(database.db, { orders: 300, seed: 2 });
    const [counts] = await queryRows<Record<string, number>>(
      database.db,
      sql`select (select count(*)::int from remarks) as remarks,
                 (select count(*)::int from mail_messages where state = 'sent') as mails,
                 (select count(*)::int from download_history) as downloads,
                 (select count(*)::int from order_other_names) as "otherNames",
                 (select count(*)::int from payment_gateways where is_active) as "activeGateways",
                 (select count(*)::int from settings where key in ('company', 'support', 'productTitle')) as settings,
                 (select count(*)::int from orders where process_status = 'Completed'
                    and (processed_by is null or processed_by_id is null or processed_at is null)) as "unprocessedCompleted",
                 (select count(*)::int from orders where process_status = 'Deleted' and previous_status is null) as "deletedWithoutPrevious",
                 (select count(*)::int from orders where process_status = 'Refunds' and refund_date is not null) as refunded,
                 (select count(*)::int from orders where process_status = 'Refunds' and refund_date is null) as "refundPending",
                 (select count(*)::int from orders where created_at < now() - interval '6 months') as "olderThanSixMonths",
                 (select count(*)::int from orders where created_at < now() - interval '14 months' or created_at > now()) as "outOfRange"`,
    );
    expect(counts).toMatchObject({
      activeGateways: 1,
      settings: 3,
      unprocessedCompleted: 0,
      deletedWithoutPrevious: 0,
      outOfRange: 0,
    });
    for (const key of [
      'remarks',
      'mails',
      'downloads',
      'otherNames',
      'refunded',
      'refundPending',
      'olderThanSixMonths',
    ]) {
      expect(counts?.[key], key).toBeGreaterThan(0);
    }
  });

  it('rebuilds the rollup in one statement on the bulk path', async () => {
    await seedDemoData(database.db, { orders: 500, seed: 3, rebuildRollup: true, batchSize: 120, concurrency: 3 });
    expect(await rollupTotal()).toBe(500);
    expect(await rollupMismatches()).toEqual([]);
    // The trigger is back on: later changes keep the rollup in step.
    await database.db.execute(sql`update orders set process_status = 'Completed' where process_status = 'New'`);
    await database.db.execute(sql`delete from orders where order_id in (select order_id from orders limit 7)`);
    expect(await rollupTotal()).toBe(493);
    expect(await rollupMismatches()).toEqual([]);
    // The report rollups too, rebuilt with it and kept by their own trigger since.
    for (const zone of ['UTC', 'Pacific/Auckland']) {
      expect(await getCountryOrderCount(database.db, {}, zone)).toEqual(
        await plainCountryOrderCount(database.db, {}, zone),
      );
      expect(await getProcessedByCount(database.db, {}, zone)).toEqual(
        await plainProcessedByCount(database.db, {}, zone),
      );
    }
  });

  it('adds orders but no second set of accounts when run again', async () => {
    await seedDemoData(database.db, { orders: 40, seed: 4 });
    await seedDemoData(database.db, { orders: 40, seed: 4 });
    expect(await database.db.$count(staff)).toBe(5);
    expect(await rollupTotal()).toBe(80);
  });
});

describe('seedIfEmpty', () => {
  it('seeds an empty database once', async () => {
    expect(await seedIfEmpty(database.db, { orders: 300 })).toBe(true);
    expect(await seedIfEmpty(database.db, { orders: 300 })).toBe(false);
    const [row] = await queryRows<{ orders: number; staff: number }>(
      database.db,
      sql`select (select count(*)::int from orders) as orders, (select count(*)::int from staff) as staff`,
    );
    expect(row).toEqual({ orders: 300, staff: 5 });
  });
});
