import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../src/db/factories';
import { multipart } from '../../src/features/order-detail/testing/multipart';
import { samplePng } from '../../src/features/order-detail/testing/sample-files';
import { createTestApp, type TestApp } from '../test-app';

/** Malformed requests are the caller's mistake: 4xx, never 500 (finding 12). */
let t: TestApp;
let token: string;
let orderId: number;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signInAs('Admin')).token;
  orderId = (await insertOrder(t.database.db, { processStatus: 'New' })).orderId;
});
afterAll(() => t.close());

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('list cursors', () => {
  it.each([
    ['not base64 JSON', 'zzz'],
    ['a key that is no time', b64(['yesterday', 5])],
    ['31 February', b64(['2025-02-31 10:00:00+00', 5])],
    ['hour 25', b64(['2025-01-01 25:00:00+00', 5])],
    ['a year past PostgreSQL’s range', b64(['999999-01-01 00:00:00+00', 5])],
    ['a negative id', b64(['2025-01-01 00:00:00+00', -1])],
  ])('answer 400 for %s', async (_label, cursor) => {
    const answer = await t.call({ method: 'GET', url: `/api/admin/get-orders-list/newOrder?cursor=${cursor}`, token });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ status: 0, message: 'Invalid cursor.', code: 'VALIDATION_FAILED' });
  });
});

describe('multipart uploads', () => {
  const upload = (payload: Buffer, headers: Record<string, string>) =>
    t.call({ method: 'POST', url: '/api/admin/upload-visa-document', token, payload, headers });
  const fields = () => ({ orderId: String(orderId), email: 'a@example.com', mailServiceProvider: 'AWS' });

  it('answer 400 for a body cut off in the middle of the file', async () => {
    const form = multipart(fields(), {
      field: 'uploadVisaDoc',
      filename: 'v.png',
      contentType: 'image/png',
      content: await samplePng(),
    });
    for (const cut of [20, Math.floor(form.payload.length / 2), form.payload.length - 10]) {
      const answer = await upload(form.payload.subarray(0, cut), form.headers);
      expect(answer.statusCode, `cut at ${cut}`).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, `cut at ${cut}`).toBeLessThan(500);
    }
  });

  it('answer 4xx for too many fields, too many files, no boundary and a boundary that never comes', async () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'x']));
    const tooMany = multipart({ ...fields(), ...many });
    const png = await samplePng();
    const file = (name: string) => ({ field: 'uploadVisaDoc', filename: name, contentType: 'image/png', content: png });
    const one = multipart(fields(), file('a.png'));
    const twoFiles = Buffer.concat([
      one.payload.subarray(0, one.payload.lastIndexOf('--', one.payload.length - 5)),
      multipart({}, file('b.png')).payload.subarray(0),
    ]);
    const cases: Array<[string, Buffer, Record<string, string>]> = [
      ['too many fields', tooMany.payload, tooMany.headers],
      ['two files', twoFiles, one.headers],
      ['no boundary', one.payload, { 'content-type': 'multipart/form-data' }],
      ['another boundary', one.payload, { 'content-type': 'multipart/form-data; boundary=nothing-like-it' }],
    ];
    for (const [label, payload, headers] of cases) {
      const answer = await upload(payload, headers);
      expect(answer.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, label).toBeLessThan(500);
      expect(answer.json().status, label).toBe(0);
    }
  });
});
