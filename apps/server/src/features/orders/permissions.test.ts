import { ROLES } from '@nzeta/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertOrder } from '../../db/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

describe('folder permissions by role (DESIGN §3)', () => {
  it('every role sees the counts (Order History count included) and works the folders', async () => {
    await insertOrder(t.database.db, { processStatus: 'Completed' });
    for (const role of ROLES) {
      const { token } = await t.signInAs(role);
      const counts = (await t.call({ method: 'GET', url: '/api/admin/get-folder-count', token })).json();
      expect(counts.status, role).toBe(1);
      expect(counts.data.allOrdersCount, role).toBe(1);
      const list = await t.call({ method: 'GET', url: '/api/admin/get-orders-list/completedOrder', token });
      expect(list.json().total, role).toBe(1);
    }
  });

  it('Order History (list, search, export) is closed to the Telecaller', async () => {
    const telecaller = await t.signInAs('Telecaller');
    const calls = [
      { method: 'GET' as const, url: '/api/admin/get-orders-list/allOrder' },
      { method: 'POST' as const, url: '/api/admin/search-order', payload: { start: 1, end: 10, searchVal: 'a' } },
      { method: 'GET' as const, url: '/api/admin/export-orders.csv?folder=allOrder' },
    ];
    for (const call of calls) {
      const response = await t.call({ ...call, token: telecaller.token });
      expect(response.statusCode, call.url).toBe(403);
      expect(response.json(), call.url).toEqual({
        status: 0,
        message: 'You do not have permission to see the Order History.',
        code: 'FORBIDDEN_ROLE',
      });
    }
    const team = await t.signInAs('Team');
    const allowed = await t.call({ method: 'GET', url: '/api/admin/get-orders-list/allOrder', token: team.token });
    expect(allowed.statusCode).toBe(200);
  });
});
