import { createServer, get as httpGet, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type BackgroundJobs, startBackgroundJobs } from '../../background-jobs';
import { enqueueMail } from '../mail/outbox';

const TOKEN = 'metrics-test-token-0123456789';

/** A SendGrid that answers every delivery 500: the outbox keeps the message and retries later. */
async function startFailingProvider(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(500, { 'content-type': 'application/json' }).end('{"errors":[]}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** One value of a series in Prometheus text, by its exact labels; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /api/metrics', () => {
  let t: TestApp;
  let jobs: BackgroundJobs;
  let provider: { url: string; server: Server };
  let baseUrl: string;
  let stream: IncomingMessage | undefined;

  const scrape = async (authorization?: string) => {
    const response = await fetch(`${baseUrl}/api/metrics`, { headers: authorization ? { authorization } : {} });
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };
  const signIn = (email: string, password: string) =>
    fetch(`${baseUrl}/api/admin/admin-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }).then((r) => r.status);

  beforeAll(async () => {
    provider = await startFailingProvider();
    t = await createTestApp({
      METRICS_TOKEN: TOKEN,
      SENDGRID_API_KEY: 'SG.metrics-test',
      SENDGRID_API_URL: provider.url,
      LOGIN_IP_LIMIT: '3',
      LOGIN_ACCOUNT_LOCK_AFTER: '2',
    });
    // a real socket: the live-count stream is a long-lived response
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    jobs = await startBackgroundJobs(t.app);
  });

  afterAll(async () => {
    stream?.destroy();
    await jobs?.stop();
    await t?.close();
    await new Promise((resolve) => provider?.server.close(resolve));
  });

  it('answers 404 without the token, with a wrong one, and when METRICS_TOKEN is unset', async () => {
    expect((await scrape()).status).toBe(404);
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(404);
    expect((await scrape(TOKEN.slice(1))).status).toBe(404);
    const unset = await createTestApp({}, { database: t.database });
    try {
      const answer = await unset.call({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ status: 0, message: 'Not found.', code: 'NOT_FOUND' });
    } finally {
      await unset.close();
    }
  });

  it('shows every documented series with values that match the traffic', async () => {
    const member = await t.signInAs('Team');
    for (let i = 0; i < 3; i++) expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    // sign-ins: a success, a failure, the failure that locks the account, then the address throttle
    expect(await signIn(member.email, member.password)).toBe(200);
    expect(await signIn(member.email, 'wrong-password-1')).toBe(401);
    expect(await signIn(member.email, 'wrong-password-2')).toBe(423);
    expect(await signIn(member.email, 'wrong-password-3')).toBe(423);
    expect(await signIn(member.email, 'wrong-password-4')).toBe(429);

    const viewer = await t.signInAs('Manager');
    stream = await new Promise<IncomingMessage>((resolve, reject) => {
      httpGet(`${baseUrl}/api/admin/events?token=${encodeURIComponent(viewer.token)}`, resolve).on('error', reject);
    });
    expect(stream.statusCode).toBe(200);

    // an approval e-mail the provider refuses: one failed delivery, the message stays queued
    await enqueueMail(t.database.db, {
      kind: 'approval',
      provider: 'Sendgrid',
      to: 'traveller@example.org',
      subject: 'Your NZeTA',
      html: '<p>Approved</p>',
      text: 'Approved',
    });
    jobs.mailWorker?.wake();
    let text = '';
    await until(async () => {
      text = (await scrape(`Bearer ${TOKEN}`)).text;
      return (sample(text, 'nzeta_mail_delivery_failures_total{transport="sendgrid"}') ?? 0) >= 1;
    }, 'the refused delivery to be counted');

    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/plain; version=0\.0\.4/);
    text = answer.text;
    const health = 'http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}';
    expect(sample(text, health)).toBe(3);
    expect(
      sample(text, 'http_request_duration_seconds_bucket{le="10",method="GET",route="/api/health",status_code="200"}'),
    ).toBe(3);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="POST",route="/api/admin/admin-login",status_code="423"}',
      ),
    ).toBe(2);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeLessThan(5);
    const engine = t.database.engine;
    expect(sample(text, `nzeta_db_pool_connections{engine="${engine}",state="total"}`)).toBeGreaterThanOrEqual(1);
    expect(sample(text, `nzeta_db_pool_connections{engine="${engine}",state="waiting"}`)).toBe(0);
    expect(sample(text, 'nzeta_mail_outbox_messages{state="queued",kind="approval"}')).toBe(1);
    expect(sample(text, 'nzeta_mail_outbox_messages{state="failed",kind="approval"}')).toBe(0);
    expect(sample(text, 'nzeta_mail_oldest_undelivered_seconds{kind="approval"}')).toBeGreaterThan(0);
    expect(sample(text, 'nzeta_mail_oldest_undelivered_seconds{kind="approval"}')).toBeLessThan(60);
    expect(sample(text, 'nzeta_mail_oldest_undelivered_seconds{kind="invoice"}')).toBe(0);
    expect(sample(text, 'nzeta_mail_delivery_failures_total{transport="sendgrid"}')).toBe(1);
    expect(sample(text, 'nzeta_sign_in_attempts_total{outcome="success"}')).toBe(1);
    expect(sample(text, 'nzeta_sign_in_attempts_total{outcome="failed"}')).toBe(1);
    expect(sample(text, 'nzeta_sign_in_attempts_total{outcome="locked"}')).toBe(2);
    expect(sample(text, 'nzeta_sign_in_attempts_total{outcome="throttled"}')).toBe(1);
    expect(sample(text, 'nzeta_staff_accounts_locked')).toBe(1);
    expect(sample(text, 'nzeta_throttled_requests_total{route="/api/admin/admin-login"}')).toBe(1);
    expect(sample(text, 'nzeta_live_count_streams')).toBe(1);

    stream.destroy();
    await until(
      async () => sample((await scrape(`Bearer ${TOKEN}`)).text, 'nzeta_live_count_streams') === 0,
      'the closed stream to be counted out',
    );
  });
});
