import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertOrder } from '../../db/factories';
import { csvLine } from './export-orders-csv';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BUSINESS_TZ: 'Pacific/Auckland' });
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const exportCsv = (token: string, query: string) =>
  t.call({ method: 'GET', url: `/api/admin/export-orders.csv?${query}`, token });

describe('export-orders.csv', () => {
  it('streams the folder as CSV, as the screen shows it', async () => {
    const { token } = await t.signInAs('Manager');
    const order = await insertOrder(t.database.db, {
      processStatus: 'Awaiting',
      firstName: 'Ana',
      lastName: 'Lee, Jr',
      email: 'ana.lee@example.com',
      processingMode: 'Standard',
      processingDate: null,
      countryCode: 'India',
      phoneNumber: '9876543210',
      createdAt: '2025-03-01T22:30:00.000Z',
    });
    await insertOrder(t.database.db, { processStatus: 'Completed' });
    const response = await exportCsv(token, 'folder=awaitingOrder');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-awaitingOrder-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Order Id,Name,Email,Telephone,Date & Time,Status,Processing Date,Process Month,Refund Date,Assigned To',
    );
    expect(lines).toHaveLength(2);
    // 22:30 UTC on 1 March is 11:30 on 2 March in Auckland.
    expect(lines[1]).toBe(
      `${order.orderId},"Ana Lee, Jr",${order.email},+91 9876543210,02/03/2025 11:30,Awaiting Customer,-,-,-,-`,
    );
  });

  it('reads large folders batch by batch and honours the search', async () => {
    const { token } = await t.signInAs('Admin');
    for (let i = 0; i < 1_005; i += 201) {
      await t.database.db.execute(
        sql`insert into orders (first_name, last_name, full_name, email, process_status)
          select 'Bulk', 'Row' || g, 'Bulk Row' || g, 'bulk' || g || '@example.com', 'Completed'
          from generate_series(${i + 1}::int, ${i + 201}::int) as g`,
      );
    }
    await insertOrder(t.database.db, { processStatus: 'Completed', lastName: 'Needle' });
    const all = await exportCsv(token, 'folder=completedOrder');
    const ids = all.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(ids).toHaveLength(1_006);
    expect(new Set(ids).size).toBe(1_006);
    const found = await exportCsv(token, 'folder=completedOrder&search=needle');
    expect(found.body.trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('refuses an unknown folder', async () => {
    const { token } = await t.signInAs('Admin');
    const response = await exportCsv(token, 'folder=elsewhere');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, message: 'Unknown folder.', code: 'VALIDATION_FAILED' });
  });

  it('defuses spreadsheet formulas but keeps telephone numbers', () => {
    expect(csvLine(['=HYPERLINK("x")', '+64 21 000', '-1', '@cmd', 'plain', '-'])).toBe(
      `"'=HYPERLINK(""x"")",+64 21 000,'-1,'@cmd,plain,-\r\n`,
    );
  });
});
