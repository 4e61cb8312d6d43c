import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { insertStaff } from '../../src/db/factories';
import { DEMO_PASSWORD, seedDemoData } from '../../src/db/seed';
import { httpCall, jsonOf } from './support/http';
import { reportFigure, size } from './support/report';
import { killAllServers, type ServerProcess, startServer } from './support/server-process';
import { createTarget, type Target } from './support/target';

/**
 * autocannon against the real server on a seeded data set: sign-in, folder counts, folder
 * lists, search, order detail and the visitor's track-order, in rotation. At 50 connections
 * every request must succeed; far past that (overload) every request must still be answered —
 * with success, 429 or 503 — and none may hang.
 */
const ORDERS = size(3000, 100_000);
const SECONDS = size(10, 30);
const CONNECTIONS = 50;
const OVERLOAD_CONNECTIONS = 400;
const OVERLOAD_SECONDS = size(5, 15);
const SIGN_IN_EMAIL = 'team@example.com';

let target: Target;
let server: ServerProcess;
let token = '';
let samples: Array<{ orderId: number; email: string; lastName: string }> = [];
/** Sign-ins spread over members, as a team signs in: one account is not signed into 50 times at once. */
const accounts: Array<{ email: string; password: string }> = [];

interface Spec {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  staff?: boolean;
}

function rotation(): Spec[] {
  const specs: Spec[] = [];
  samples.forEach((sample, i) => {
    specs.push(
      { method: 'POST', path: '/api/admin/admin-login', body: accounts[i % accounts.length] },
      { method: 'GET', path: '/api/admin/get-folder-count', staff: true },
      {
        method: 'GET',
        path: `/api/admin/get-orders-list/${['allOrder', 'newOrder', 'completedOrder'][i % 3]}?page=${(i % 5) + 1}&perPage=25`,
        staff: true,
      },
      {
        method: 'POST',
        path: '/api/admin/search-order',
        body: { searchVal: i % 2 ? sample.lastName : sample.email, folderName: 'allOrder' },
        staff: true,
      },
      { method: 'GET', path: `/api/admin/get-orders-details/${sample.orderId}`, staff: true },
      {
        method: 'POST',
        path: '/api/front/track-order',
        body: { orderId: String(sample.orderId), email: sample.email },
      },
    );
  });
  return specs;
}

async function run(connections: number, seconds: number) {
  const specs = rotation();
  let next = 0;
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    // A hang, not a slow answer: on a busy 2-core machine PGlite queues requests for seconds.
    timeout: 20,
    requests: [
      {
        setupRequest: (request) => {
          const spec = specs[next++ % specs.length] ?? specs[0];
          if (!spec) return request;
          return {
            ...request,
            method: spec.method,
            path: spec.path,
            headers: {
              ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }),
              ...(spec.staff ? { authorization: token } : {}),
            },
            ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
          };
        },
      },
    ],
  });
  const codes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]));
  const count = (match: (code: number) => boolean) =>
    Object.entries(codes).reduce((sum, [code, n]) => sum + (match(Number(code)) ? n : 0), 0);
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.total / seconds),
    p99: Math.round(result.latency.p99),
    max: Math.round(result.latency.max),
    errors: result.errors,
    timeouts: result.timeouts,
    codes,
    ok: count((c) => c >= 200 && c < 300),
    busy: count((c) => c === 503),
    throttled: count((c) => c === 429),
    failed: count((c) => c >= 500 && c !== 503),
    otherClientErrors: count((c) => c >= 400 && c < 500 && c !== 429),
  };
}

describe('load', () => {
  beforeAll(async () => {
    target = await createTarget('load');
    await target.withDatabase(async ({ db }) => {
      // The demo accounts carry the light argon2 cost of tests: the production cost's CPU time
      // is the benchmark's subject (bench/), not this test's.
      await seedDemoData(db, { orders: ORDERS, seed: 20_261_122 });
      for (let i = 0; i < 20; i++) {
        const member = await insertStaff(db, { type: i % 2 ? 'Team' : 'Night Staff' });
        accounts.push({ email: member.email, password: member.password });
      }
      samples = await queryRows(
        db,
        sql`select order_id as "orderId", email, last_name as "lastName" from orders
             where email is not null and process_status <> 'Deleted' and erased_at is null
             order by order_id desc limit 60`,
      );
    });
    server = await startServer({
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      // The load comes from one address: the per-address throttles would measure themselves.
      env: { LOGIN_IP_LIMIT: '1000000', TRACK_IP_LIMIT: '100000000', TRACK_ORDER_LIMIT: '100000000' },
    });
    const signIn = await httpCall(server.url, {
      path: '/api/admin/admin-login',
      json: { email: SIGN_IN_EMAIL, password: DEMO_PASSWORD },
    });
    token = jsonOf<{ jwtToken: string }>(signIn).jwtToken;
    expect(token).toBeTruthy();
  }, 900_000);

  afterAll(async () => {
    await killAllServers();
    await target?.destroy();
  });

  it(`answers every request at ${CONNECTIONS} connections`, async () => {
    const result = await run(CONNECTIONS, SECONDS);
    reportFigure(
      `Load (${target.engine}, ${ORDERS.toLocaleString('en-US')} orders): ${CONNECTIONS} connections for ${SECONDS} s ` +
        `over sign-in, folder counts, lists, search, detail and track-order: ${result.requests} requests ` +
        `(${result.rps}/s), p99 ${result.p99} ms, max ${result.max} ms; ${result.errors} errors, ` +
        `${result.timeouts} timeouts, ${result.failed + result.busy} 5xx, ${result.throttled} 429, ` +
        `${result.otherClientErrors} other 4xx (${JSON.stringify(result.codes)})`,
    );
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.failed + result.busy).toBe(0);
    expect(result.otherClientErrors).toBe(0);
    expect(result.ok).toBe(result.requests);
  }, 300_000);

  it(`answers every request at ${OVERLOAD_CONNECTIONS} connections: success, 429 or 503, never a hang`, async () => {
    const result = await run(OVERLOAD_CONNECTIONS, OVERLOAD_SECONDS);
    reportFigure(
      `Overload (${target.engine}): ${OVERLOAD_CONNECTIONS} connections for ${OVERLOAD_SECONDS} s: ` +
        `${result.requests} requests, ${result.ok} ok, ${result.busy} answered 503, ${result.throttled} 429, ` +
        `p99 ${result.p99} ms, max ${result.max} ms; ${result.errors} errors, ${result.timeouts} timeouts, ` +
        `${result.failed} other 5xx (${JSON.stringify(result.codes)})`,
    );
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.failed).toBe(0);
    expect(result.otherClientErrors).toBe(0);
    // Past the in-flight limit the excess is shed with 503 at once rather than queued.
    expect(result.busy).toBeGreaterThan(0);
    const health = await httpCall(server.url, { path: '/api/health' });
    expect(health.status).toBe(200);
  }, 300_000);
});
