import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertOrder } from '../../db/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BUSINESS_TZ: 'America/New_York' });
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const post = (token: string, url: string, payload?: object) =>
  t.call({ method: 'POST', url: `/api/admin/${url}`, token, ...(payload === undefined ? {} : { payload }) });

describe('get-country-order-count', () => {
  it('counts orders per nationality and processing mode, by calendar day in BUSINESS_TZ', async () => {
    const { token } = await t.signInAs('Telecaller');
    // 03:00 UTC on 2 Jan is still 1 Jan in New York.
    const day = (iso: string) => ({ createdAt: iso });
    await insertOrder(t.database.db, {
      nationality: 'India',
      processingMode: 'Standard',
      ...day('2025-01-02T03:00:00Z'),
    });
    await insertOrder(t.database.db, {
      nationality: 'India',
      processingMode: 'Priority',
      ...day('2025-01-02T12:00:00Z'),
    });
    await insertOrder(t.database.db, {
      nationality: 'India',
      processingMode: 'Future',
      processingDate: '2030-05-01',
      ...day('2025-01-03T12:00:00Z'),
    });
    await insertOrder(t.database.db, {
      nationality: 'Japan',
      processingMode: 'Standard',
      ...day('2025-01-02T15:00:00Z'),
    });
    await insertOrder(t.database.db, {
      nationality: 'Japan',
      processStatus: 'Deleted',
      processingMode: 'Standard',
      ...day('2025-01-02T15:00:00Z'),
    });

    const all = (await post(token, 'get-country-order-count')).json();
    expect(all).toEqual({
      status: 1,
      message: 'Report loaded.',
      data: [
        { nationality: 'India', count: 3, standard_count: 1, priority_count: 1, future_count: 1 },
        { nationality: 'Japan', count: 1, standard_count: 1, priority_count: 0, future_count: 0 },
      ],
    });
    const secondOnly = (
      await post(token, 'get-country-order-count', { fromDate: '2025-01-02', toDate: '2025-01-02' })
    ).json();
    expect(secondOnly.data).toEqual([
      { nationality: 'India', count: 1, standard_count: 0, priority_count: 1, future_count: 0 },
      { nationality: 'Japan', count: 1, standard_count: 1, priority_count: 0, future_count: 0 },
    ]);
    const firstOnly = (await post(token, 'get-country-order-count', { toDate: '2025-01-01' })).json();
    expect(firstOnly.data).toEqual([
      { nationality: 'India', count: 1, standard_count: 1, priority_count: 0, future_count: 0 },
    ]);
    const fromThird = (await post(token, 'get-country-order-count', { fromDate: '2025-01-03', toDate: '' })).json();
    expect(fromThird.data.map((r: { nationality: string }) => r.nationality)).toEqual(['India']);
  });

  it('answers invalid dates with the schema message', async () => {
    const { token } = await t.signInAs('Team');
    for (const [payload, message] of [
      [{ fromDate: '2025-13-01' }, 'Please enter a valid From date.'],
      [{ toDate: "2025-01-01'; drop table orders;--" }, 'Please enter a valid To date.'],
      [{ fromDate: '2025-02-01', toDate: '2025-01-01' }, 'From date must not be after To date.'],
    ] as const) {
      const response = await post(token, 'get-country-order-count', payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json(), message).toEqual({ status: 0, message, code: 'VALIDATION_FAILED' });
    }
  });
});

describe('get-processed-by-count', () => {
  it('counts orders per processing member by the day they were processed', async () => {
    const { token } = await t.signInAs('Manager');
    const done = (processedBy: string, processedAt: string) =>
      insertOrder(t.database.db, { processStatus: 'Completed', processedBy, processedAt });
    await done('Aroha', '2025-06-01T12:00:00Z');
    await done('Aroha', '2025-06-02T12:00:00Z');
    await done('Ben', '2025-06-02T02:00:00Z');
    await insertOrder(t.database.db, { processStatus: 'New' });

    const all = (await post(token, 'get-processed-by-count', {})).json();
    expect(all).toEqual({
      status: 1,
      message: 'Report loaded.',
      data: [
        { processed_by: 'Aroha', count: 2 },
        { processed_by: 'Ben', count: 1 },
      ],
    });
    // 02:00 UTC on 2 June is 1 June in New York.
    const june1 = (
      await post(token, 'get-processed-by-count', { fromDate: '2025-06-01', toDate: '2025-06-01' })
    ).json();
    expect(june1.data).toEqual([
      { processed_by: 'Aroha', count: 1 },
      { processed_by: 'Ben', count: 1 },
    ]);
  });

  it('is for Admin and Manager only', async () => {
    for (const role of ['Team', 'Telecaller', 'Night Staff'] as const) {
      const { token } = await t.signInAs(role);
      const response = await post(token, 'get-processed-by-count', {});
      expect(response.statusCode, role).toBe(403);
      expect(response.json().status).toBe(0);
    }
    const { token } = await t.signInAs('Admin');
    expect((await post(token, 'get-processed-by-count', {})).json().status).toBe(1);
  });
});
