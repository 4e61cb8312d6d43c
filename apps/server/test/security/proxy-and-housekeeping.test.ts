import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../src/app';
import { loadConfig } from '../../src/config';
import { queryRows } from '../../src/db/client';
import { insertStaff } from '../../src/db/factories';
import { staffSessions } from '../../src/db/schema';
import { purgeExpiredAuthRows } from '../../src/features/auth/housekeeping';
import { EVENTS_ROUTE, registerLoadShedding } from '../../src/plugins/load-shedding';
import { createTestApp, type TestApp } from '../test-app';

describe('load shedding (finding 5)', () => {
  it('is skipped by the events route only, never by a request that claims to be an event stream', async () => {
    const app = Fastify();
    registerLoadShedding(app, { limit: 0 });
    app.get(EVENTS_ROUTE, async () => 'stream');
    app.get('/api/admin/get-folder-count', async () => 'counts');
    const headers = { accept: 'text/event-stream' };
    expect((await app.inject({ method: 'GET', url: EVENTS_ROUTE, headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/admin/get-folder-count', headers })).statusCode).toBe(503);
    await app.close();
  });
});

describe('TRUST_PROXY (finding 6)', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), MFA_ENCRYPTION_KEY: 'y'.repeat(40) };

  it('refuses true in production; takes addresses, CIDRs or a hop count', () => {
    const env = { ...production, PUBLIC_APP_URL: 'https://office.example.com' };
    expect(() => loadConfig({ ...env, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8');
    expect(parseTrustProxy('10.0.0.0/8, loopback')).toEqual(['10.0.0.0/8', 'loopback']);
  });

  it('a hop count believes that many proxies and no forged address beyond them', async () => {
    const app = Fastify({ trustProxy: parseTrustProxy('1') });
    app.get('/ip', async (request) => request.ip);
    const answer = await app.inject({
      method: 'GET',
      url: '/ip',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': '198.51.100.66, 203.0.113.7' },
    });
    // The balancer appended the client's real address last; what the client wrote before it is ignored.
    expect(answer.body).toBe('203.0.113.7');
    await app.close();
  });
});

describe('expired rows are purged (findings 16, 17)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('deletes ended throttle windows and idle sessions, keeps live ones', async () => {
    const db = t.database.db;
    await db.execute(sql`insert into rate_counters (key, count, reset_at) values
      ('old-1', 3, now() - interval '1 minute'), ('old-2', 1, now() - interval '1 day'),
      ('live', 2, now() + interval '1 minute')`);
    const member = await insertStaff(db, { type: 'Team' });
    await db.insert(staffSessions).values([
      { id: 'idle', staffId: member.id, lastSeenAt: sql`now() - interval '2 hours'` as never },
      { id: 'live', staffId: member.id },
    ]);
    expect(await purgeExpiredAuthRows(db, t.config.IDLE_TIMEOUT_MINUTES)).toEqual({ counters: 2, sessions: 1 });
    const keys = await queryRows<{ key: string }>(db, sql`select key from rate_counters order by key`);
    expect(keys.map((r) => r.key)).toEqual(['live']);
    expect((await db.select().from(staffSessions)).map((s) => s.id)).toEqual(['live']);
  });
});
