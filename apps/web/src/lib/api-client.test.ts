import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiCall, apiRequest, hasErrorCode } from './api-client';

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

describe('the error object', () => {
  it('carries the real HTTP status, the envelope status, the message and the code', async () => {
    answer(404, { status: 0, message: 'Order not found.', code: 'ORDER_NOT_FOUND' });
    const error = await apiCall('GET', 'admin/get-orders-details/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ httpStatus: 404, status: 0, message: 'Order not found.', code: 'ORDER_NOT_FOUND' });
    expect(hasErrorCode(error, 'ORDER_NOT_FOUND')).toBe(true);
    expect(hasErrorCode(error, 'NOT_FOUND')).toBe(false);
  });

  it('decides on the code, not the words: the same text with another code is another error', async () => {
    answer(409, { status: 0, message: 'Order not found.', code: 'TRANSITION_NOT_ALLOWED' });
    const error = await apiCall('PUT', 'admin/change-order-status').catch((e: unknown) => e);
    expect(hasErrorCode(error, 'ORDER_NOT_FOUND')).toBe(false);
    expect(error).toMatchObject({ httpStatus: 409, code: 'TRANSITION_NOT_ALLOWED' });
  });

  it('keeps no code the table does not know', async () => {
    answer(400, { status: 0, message: 'Odd.', code: 'SOMETHING_ELSE' });
    const error = await apiCall('GET', 'x').catch((e: unknown) => e);
    expect(error).toMatchObject({ httpStatus: 400, code: null });
  });

  it('has HTTP status 0 when the server was not reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('network down');
      }),
    );
    const error = await apiCall('GET', 'x').catch((e: unknown) => e);
    expect(error).toMatchObject({ httpStatus: 0, code: null, message: expect.stringContaining('Could not reach') });
  });

  it('leaves the envelope, code included, to callers that read it whole', async () => {
    answer(400, { status: 0, message: 'Please enter the code.', code: 'MFA_CODE_REQUIRED' });
    expect(await apiRequest('POST', 'admin/admin-login', { token: null })).toEqual({
      status: 0,
      message: 'Please enter the code.',
      code: 'MFA_CODE_REQUIRED',
    });
  });
});
