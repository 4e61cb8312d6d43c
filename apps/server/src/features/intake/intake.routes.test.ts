import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildApplication, toIntakeBody } from '../../db/factories';
import { orders } from '../../db/schema';

const KEY = 'intake-test-key-0123456789';
const url = '/api/intake/orders';
const body = (reference: string) => toIntakeBody(buildApplication({ processingMode: 'Standard' }), reference);

describe('POST /api/intake/orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ INTAKE_API_KEY: KEY });
  });
  afterAll(async () => t?.close());
  beforeEach(async () => t.database.reset());

  it('refuses a missing or wrong key with 401 before reading the body', async () => {
    const missing = await t.call({ method: 'POST', url, payload: body('a') });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ status: 401, message: 'Invalid API key.', code: 'UNAUTHENTICATED' });
    const wrong = await t.call({
      method: 'POST',
      url,
      payload: { nonsense: true },
      headers: { 'x-api-key': `${KEY}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ status: 401, message: 'Invalid API key.', code: 'UNAUTHENTICATED' });
    expect(await t.database.db.$count(orders)).toBe(0);
  });

  it('answers 400 with the envelope for an invalid application', async () => {
    const response = await t.call({
      method: 'POST',
      url,
      headers: { 'x-api-key': KEY },
      payload: { ...body('bad'), processing_mode: 'Future', processing_date: null },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      status: 0,
      message: 'Please enter the processing date of a Future order.',
      code: 'VALIDATION_FAILED',
    });
  });

  it('stores the order and answers its id, once per reference', async () => {
    const payload = body('site-42');
    const first = await t.call({ method: 'POST', url, headers: { 'x-api-key': KEY }, payload });
    expect(first.statusCode).toBe(200);
    const answer = first.json();
    expect(answer).toMatchObject({ status: 1, message: 'Order received.' });
    expect(answer.data.order_id).toBeGreaterThanOrEqual(100001);
    const again = await t.call({ method: 'POST', url, headers: { 'x-api-key': KEY }, payload });
    expect(again.json().data.order_id).toBe(answer.data.order_id);
    expect(await t.database.db.$count(orders)).toBe(1);
  });
});

describe('POST /api/intake/orders without a configured key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 404: intake is disabled', async () => {
    const response = await t.call({ method: 'POST', url, headers: { 'x-api-key': 'anything' }, payload: body('x') });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ status: 0, message: 'Intake is disabled.', code: 'NOT_FOUND' });
  });
});
