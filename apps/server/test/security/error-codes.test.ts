import { ERROR_CODES, type ErrorCode } from '@nzeta/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertOrder } from '../../src/db/factories';
import { createTestApp, type TestApp } from '../test-app';

let t: TestApp;
beforeAll(async () => {
  // A low sign-in limit so one address is throttled after a few tries.
  t = await createTestApp({ LOGIN_IP_LIMIT: '2' });
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

interface Case {
  label: string;
  code: ErrorCode;
  status: number;
  message?: string;
  request: () => Promise<InjectOptions & { token?: string }>;
}

const cases: Case[] = [
  {
    label: 'a bad body',
    code: 'VALIDATION_FAILED',
    status: 400,
    message: 'Email Address is required',
    request: async () => ({ method: 'POST', url: '/api/admin/admin-login', payload: {} }),
  },
  {
    label: 'a role that may not',
    code: 'FORBIDDEN_ROLE',
    status: 403,
    request: async () => ({
      method: 'GET',
      url: '/api/admin/get-orders-list/allOrder',
      token: (await t.signInAs('Telecaller')).token,
    }),
  },
  {
    label: 'an unknown order',
    code: 'ORDER_NOT_FOUND',
    status: 404,
    message: 'Order not found.',
    request: async () => ({
      method: 'GET',
      url: '/api/admin/get-orders-details/999999999',
      token: (await t.signInAs('Team')).token,
    }),
  },
  {
    label: 'a transition the lifecycle refuses',
    code: 'TRANSITION_NOT_ALLOWED',
    status: 409,
    request: async () => {
      const order = await insertOrder(t.database.db, { processStatus: 'Deleted' });
      return {
        method: 'PUT',
        url: '/api/admin/change-order-status',
        token: (await t.signInAs('Team')).token,
        payload: { orderId: [order.orderId], updatingStatus: 'Completed' },
      };
    },
  },
  {
    label: "a claim on someone else's order",
    code: 'CLAIM_CONFLICT',
    status: 409,
    request: async () => {
      const holder = await t.signInAs('Team');
      const me = await t.signInAs('Team');
      const order = await insertOrder(t.database.db, { assignedTo: holder.id });
      return {
        method: 'PUT',
        url: '/api/admin/assign-order-status',
        token: me.token,
        payload: { orderId: [order.orderId], assignto: me.name },
      };
    },
  },
  {
    label: 'a signed-out call',
    code: 'UNAUTHENTICATED',
    status: 401,
    request: async () => ({ method: 'GET', url: '/api/admin/get-folder-count' }),
  },
  {
    label: 'a throttled sign-in',
    code: 'RATE_LIMITED',
    status: 429,
    request: async () => {
      const attempt = { method: 'POST' as const, url: '/api/admin/admin-login', remoteAddress: '203.0.113.77' };
      const payload = { email: 'nobody@example.com', password: 'wrong-pass' };
      for (let i = 0; i < 2; i++) await t.call({ ...attempt, payload });
      return { ...attempt, payload };
    },
  },
  {
    label: 'a call no route answers',
    code: 'ROUTE_NOT_FOUND',
    status: 404,
    request: async () => ({ method: 'GET', url: '/api/admin/no-such-call' }),
  },
];

describe('every error answer carries its code beside status and message', () => {
  it.each(cases)('$label answers $status with $code', async ({ code, status, message, request }) => {
    const response = await t.call(await request());
    expect(response.statusCode).toBe(status);
    const body = response.json();
    expect(body).toMatchObject({ status: status === 401 ? 401 : 0, code });
    expect(typeof body.message).toBe('string');
    if (message) expect(body.message).toBe(message);
    // The table and the answer agree on the HTTP status.
    expect(ERROR_CODES[code].httpStatus).toBe(status);
  });
});
