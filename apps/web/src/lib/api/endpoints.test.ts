import type * as orderDetailApi from '@nzeta/domain/contracts/order-detail';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, hasErrorCode } from '../api-client';
import { fetchData } from './endpoints';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the typed client', () => {
  it('fills the path from the contract and answers the data of a success', async () => {
    const fetch = answer(200, { status: 1, message: 'OK', data: { orderId: 7 } });
    const data = await fetchData<typeof orderDetailApi.orderDetail>('GET', '/admin/get-orders-details/:orderId', {
      params: { orderId: '7' },
    });
    expect(data).toEqual({ orderId: 7 });
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/admin/get-orders-details/7');
  });

  it('throws a refusal with its code and HTTP status, which the screens decide on', async () => {
    answer(404, { status: 0, message: 'Order not found.', code: 'ORDER_NOT_FOUND' });
    const error = await fetchData<typeof orderDetailApi.orderDetail>('GET', '/admin/get-orders-details/:orderId', {
      params: { orderId: '987654321' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ httpStatus: 404, status: 0, code: 'ORDER_NOT_FOUND' });
    expect(hasErrorCode(error, 'ORDER_NOT_FOUND')).toBe(true);
  });
});
