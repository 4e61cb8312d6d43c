import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { buildApplication, toIntakeBody } from '../../src/db/factories';
import { orders, settings } from '../../src/db/schema';
import { multipart } from '../../src/features/order-detail/testing/multipart';
import { samplePng } from '../../src/features/order-detail/testing/sample-files';
import { orderWithDocument } from '../../src/features/visitor/visitor-test-helpers';
import type { TestApp } from '../test-app';
import { type CollectedRoute, createCollectingApp, INTAKE_KEY, report, VALID_SETTINGS } from './support';

let t: TestApp;
let routes: CollectedRoute[];
beforeAll(async () => {
  ({ t, routes } = await createCollectingApp({ TRACK_IP_LIMIT: '100000', LOGIN_IP_LIMIT: '100000' }));
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

/** Routes that take no input at all, or whose input is read another way (and checked there). */
const WITHOUT_BODY_SCHEMA: Record<string, string> = {
  'POST /api/admin/logout': 'takes no body',
  'POST /api/admin/mfa/setup': 'takes no body',
  'POST /api/admin/upload-visa-document': 'multipart: fields checked by uploadDocumentFields, the file by content',
  'POST /api/webhooks/sendgrid':
    'raw bytes: the signature is checked over them first, then sendgridEvent parses each event',
  'POST /api/webhooks/ses':
    'raw bytes (SNS posts text/plain): the signature is checked, then snsEnvelope and sesEvent parse',
};

describe('schemas', () => {
  it('every route that takes a body, path parameters or a query declares a schema for them', () => {
    const api = routes.filter((r) => !r.isWebApp && r.method !== 'HEAD');
    const missing: string[] = [];
    for (const route of api) {
      const key = `${route.method} ${route.url}`;
      const schema = route.schema ?? {};
      if ((route.method === 'POST' || route.method === 'PUT') && !schema.body && !WITHOUT_BODY_SCHEMA[key]) {
        missing.push(`${key}: body`);
      }
      if (route.url.includes('/:') && !schema.params) missing.push(`${key}: params`);
    }
    const withQuery = [
      'GET /api/admin/get-orders-list/:orderName',
      'GET /api/admin/export-orders.csv',
      'GET /api/admin/audit',
    ];
    for (const key of withQuery) {
      const route = api.find((r) => `${r.method} ${r.url}` === key);
      if (!route?.schema?.querystring) missing.push(`${key}: querystring`);
    }
    report(
      `routes with schemas: ${api.length - missing.length}/${api.length} (exempt by design: ${Object.keys(WITHOUT_BODY_SCHEMA).length})`,
    );
    expect(missing).toEqual([]);
  });

  it('strips unknown fields: intake cannot set the status, the assignee or the photo', async () => {
    const body = {
      ...toIntakeBody(buildApplication(), 'strip-1'),
      process_status: 'Completed',
      assigned_to: 1,
      profile_image: '../../etc/passwd',
      erased_at: '2020-01-01',
      processed_by: 'Mallory',
      search_text: 'x',
    };
    const answer = await t.call({
      method: 'POST',
      url: '/api/intake/orders',
      payload: body,
      headers: { 'x-api-key': INTAKE_KEY },
    });
    expect(answer.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderId, answer.json().data.order_id));
    expect(row).toMatchObject({
      processStatus: 'New',
      assignedTo: null,
      profileImage: null,
      erasedAt: null,
      processedBy: null,
    });
  });

  it('strips unknown fields: settings store only the known keys', async () => {
    const { token } = await t.signInAs('Admin');
    const payload = {
      ...VALID_SETTINGS,
      company: { ...VALID_SETTINGS.company, logoUrl: 'javascript:alert(1)' },
      support: { ...VALID_SETTINGS.support, bcc: 'spy@example.com' },
      injected: 'value',
    };
    expect((await t.call({ method: 'PUT', url: '/api/admin/settings', token, payload })).statusCode).toBe(200);
    const stored = await t.database.db.select().from(settings);
    const text = JSON.stringify(stored);
    expect(stored.map((r) => r.key).sort()).toEqual([
      'autoMailFallback',
      'company',
      'productTitle',
      'requireMfa',
      'support',
    ]);
    for (const extra of ['logoUrl', 'javascript', 'bcc', 'spy@', 'injected']) expect(text).not.toContain(extra);
  });

  it('refuses __proto__ and constructor keys instead of merging them', async () => {
    const { token } = await t.signInAs('Admin');
    const answer = await t.call({
      method: 'POST',
      url: '/api/admin/add-new-remark',
      token,
      headers: { 'content-type': 'application/json' },
      payload: '{"orderId":1,"remark":"x","__proto__":{"polluted":true}}',
    });
    expect(answer.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('NUL characters, which PostgreSQL text cannot hold', () => {
  it('are refused with 400 in bodies, queries and path parameters instead of failing in the database', async () => {
    const { token } = await t.signInAs('Admin');
    const { order, file1 } = await orderWithDocument(t);
    const visitor = (
      await t.call({
        method: 'POST',
        url: '/api/front/track-order',
        payload: { orderId: String(order.orderId), email: order.email },
      })
    ).json().data.token as string;
    const nul = '\u0000';
    const attempts = [
      t.call({
        method: 'POST',
        url: '/api/admin/add-new-remark',
        token,
        payload: { orderId: order.orderId, remark: `a${nul}b` },
      }),
      t.call({ method: 'POST', url: '/api/admin/search-order', token, payload: { searchVal: nul } }),
      t.call({ method: 'GET', url: '/api/admin/get-orders-list/allOrder?search=%00', token }),
      t.call({ method: 'GET', url: `/api/admin/documents/${order.orderId}/${file1}%00`, token }),
      t.call({
        method: 'POST',
        url: '/api/front/download-passport-doc-pdf',
        headers: { authorization: visitor },
        payload: { orderId: String(order.orderId), file1: nul },
      }),
      t.call({ method: 'POST', url: '/api/admin/admin-login', payload: { email: 'a@example.com', password: nul } }),
      t.call({ method: 'PUT', url: '/api/admin/settings', token, payload: { ...VALID_SETTINGS, [`k${nul}`]: 1 } }),
    ];
    const codes = (await Promise.all(attempts)).map((r) => r.statusCode);
    expect(codes).toEqual(codes.map(() => 400));
  });
});

describe('line breaks in anything that reaches an e-mail header', () => {
  it('are refused in addresses, names and letter fields, and no queued mail carries one', async () => {
    const { token } = await t.signInAs('Admin');
    const { order } = await orderWithDocument(t, { processStatus: 'Completed' });
    const injected = 'customer@example.com\r\nBcc: everyone@attacker.example';
    const png = await samplePng();
    const upload = multipart(
      { orderId: String(order.orderId), email: injected, mailServiceProvider: 'AWS' },
      { field: 'uploadVisaDoc', filename: 'a.png', contentType: 'image/png', content: png },
    );
    const attempts: Array<[string, Promise<{ statusCode: number }>]> = [
      [
        'resend-mail e-mail',
        t.call({
          method: 'POST',
          url: '/api/admin/resend-mail',
          token,
          payload: { orderId: order.orderId, email: injected, mailServiceProvider: 'AWS' },
        }),
      ],
      [
        'upload e-mail',
        t.call({
          method: 'POST',
          url: '/api/admin/upload-visa-document',
          token,
          payload: upload.payload,
          headers: upload.headers,
        }),
      ],
      [
        'transaction merchant',
        t.call({
          method: 'POST',
          url: '/api/admin/save-transaction-details',
          token,
          payload: { orderId: order.orderId, transactionId: 'txn_1', merchantName: 'Shop\r\nX-Evil: 1' },
        }),
      ],
      [
        'transaction id',
        t.call({
          method: 'POST',
          url: '/api/admin/save-transaction-details',
          token,
          payload: { orderId: order.orderId, transactionId: 'txn\n1', merchantName: 'Shop' },
        }),
      ],
      [
        'team member name',
        t.call({
          method: 'POST',
          url: '/api/admin/add-team-member',
          token,
          payload: {
            name: 'Eve\r\nBcc: x@attacker.example',
            email: 'eve@example.com',
            password: 'abcdef1',
            type: 'Team',
          },
        }),
      ],
      [
        'team member e-mail',
        t.call({
          method: 'POST',
          url: '/api/admin/add-team-member',
          token,
          payload: {
            name: 'Eve',
            email: 'eve@example.com\nBcc: x@attacker.example',
            password: 'abcdef1',
            type: 'Team',
          },
        }),
      ],
      [
        'settings company name',
        t.call({
          method: 'PUT',
          url: '/api/admin/settings',
          token,
          payload: { ...VALID_SETTINGS, company: { ...VALID_SETTINGS.company, name: 'Co\r\nBcc: x@attacker.example' } },
        }),
      ],
      [
        'settings support e-mail',
        t.call({
          method: 'PUT',
          url: '/api/admin/settings',
          token,
          payload: {
            ...VALID_SETTINGS,
            support: { ...VALID_SETTINGS.support, email: 'help@example.com\r\nBcc: x@y.z' },
          },
        }),
      ],
      [
        'settings product title',
        t.call({
          method: 'PUT',
          url: '/api/admin/settings',
          token,
          payload: { ...VALID_SETTINGS, productTitle: 'NZeTA\nBcc: x' },
        }),
      ],
      [
        'forgot-password e-mail',
        t.call({
          method: 'POST',
          url: '/api/admin/forgot-password',
          payload: { email: 'a@example.com\r\nBcc: x@y.z' },
        }),
      ],
      [
        'track-order e-mail',
        t.call({
          method: 'POST',
          url: '/api/front/track-order',
          payload: { orderId: String(order.orderId), email: `${order.email}\r\nBcc: x@y.z` },
        }),
      ],
    ];
    const refused: string[] = [];
    for (const [label, attempt] of attempts) {
      const { statusCode } = await attempt;
      if (statusCode === 400) refused.push(label);
      else expect.soft(statusCode, label).toBe(400);
    }
    const headerFields = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from mail_messages where to_address ~ '[\r\n]' or subject ~ '[\r\n]'`,
    );
    expect(headerFields[0]?.n).toBe(0);
    report(`CR/LF header injection refused: ${refused.length}/${attempts.length} fields`);
    expect(refused).toHaveLength(attempts.length);
  });
});

describe('content types and sizes', () => {
  it('answers 415 to a body that is not JSON on a JSON route', async () => {
    const { token } = await t.signInAs('Team');
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const answer = await t.call({
        method: 'POST',
        url: '/api/admin/search-order',
        token,
        headers: { 'content-type': contentType },
        payload: 'searchVal=a',
      });
      expect(answer.statusCode, contentType).toBe(415);
      expect(answer.json()).toEqual({
        status: 0,
        message: 'Unsupported content type.',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
  });

  it('answers 413 to a JSON body over 1 MB, before anyone is authenticated', async () => {
    const { token } = await t.signInAs('Team');
    const payload = JSON.stringify({ orderId: 100001, remark: 'x'.repeat(1024 * 1024 + 10) });
    for (const headers of [{ authorization: token }, {}]) {
      const answer = await t.call({
        method: 'POST',
        url: '/api/admin/add-new-remark',
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
      expect([413, 401]).toContain(answer.statusCode);
      if (headers.authorization) expect(answer.statusCode).toBe(413);
    }
    const visitor = await t.call({
      method: 'POST',
      url: '/api/front/track-order',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ orderId: '1', email: `${'a'.repeat(1_100_000)}@example.com` }),
    });
    expect(visitor.statusCode).toBe(413);
    expect(visitor.json()).toEqual({ status: 0, message: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' });
  });
});
