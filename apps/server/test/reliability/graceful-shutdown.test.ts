import { Agent, get as httpGet } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../src/db/factories';
import { documents, mailMessages } from '../../src/db/schema';
import { createLocalStorage } from '../../src/features/documents/storage';
import { httpCall } from './support/http';
import { type MailProviderStandIn, providerEnv, startMailProvider } from './support/mail-provider';
import { descendants, stillRunning } from './support/process-tree';
import { reportFigure } from './support/report';
import { killAllServers, sleep, startServer, until } from './support/server-process';
import { createStaffToken } from './support/staff';
import { createTarget, type Target } from './support/target';

/**
 * The product started as the README says (`npm start` in a built checkout, the compiled server),
 * and SIGTERM sent to that npm process, as a process manager does, while 50 requests are in progress (defence-pack PDFs and 100-row folder pages queued
 * behind one another), a console holds its live-count stream open
 * and the outbox worker waits for the provider's answer. Everything in flight must finish, the
 * worker must mark its message sent, and the process must end with code 0 within 10 s. A request
 * sent once the server is closing is refused (the listening socket is closed), reset (accepted
 * just before the idle connections were closed) or answered 503 with Connection: close (its
 * request reached the closing server: Fastify's return503OnClosing). npm's one child is the node
 * process that runs the server, and no process of the tree outlives the stop.
 */
const SLOW_REQUESTS = 50;
const PROVIDER_ANSWER_MS = 3000;

let target: Target;
let provider: MailProviderStandIn;
let token: string;
const orderIds: number[] = [];
let mailOrderId = 0;

describe('graceful shutdown (SIGTERM)', () => {
  beforeAll(async () => {
    target = await createTarget('shutdown');
    provider = await startMailProvider();
    provider.minLatencyMs = PROVIDER_ANSWER_MS;
    provider.maxLatencyMs = PROVIDER_ANSWER_MS;
    await target.withDatabase(async ({ db }) => {
      const member = await createStaffToken(db, 'Team', 'Shutdown Tester');
      token = member.token;
      for (let i = 0; i < SLOW_REQUESTS; i++) {
        orderIds.push((await insertOrder(db, { processStatus: i % 2 ? 'ChargeBack' : 'Completed' })).orderId);
      }
      const order = await insertOrder(db, { processStatus: 'Completed' });
      mailOrderId = order.orderId;
      const file1 = 'shutdowndoc0001.pdf';
      const stored = await createLocalStorage(target.dataDir).put(file1, Buffer.from('%PDF-1.4\n%%EOF\n'));
      await db
        .insert(documents)
        .values({ orderId: order.orderId, file1, contentType: 'application/pdf', uploadedBy: member.id, ...stored });
    });
  }, 300_000);

  afterAll(async () => {
    await killAllServers();
    await provider?.close();
    await target?.destroy();
  });

  it('finishes what is in flight, refuses what comes after, and exits 0 within 10 s', async () => {
    const server = await startServer({
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      // info: the test waits for the 'shutting down' line
      env: { ...providerEnv(provider.url), LOG_LEVEL: 'info' },
      via: 'npm start',
    });
    // npm → node scripts/start.mjs, the server in that process: no shell, loader or npx between
    const tree = descendants(server.child.pid ?? 0);
    expect(tree.map((p) => p.command)).toEqual(['node scripts/start.mjs']);
    // 50 open keep-alive connections, as a load balancer would hold.
    const agent = new Agent({ keepAlive: true, maxSockets: SLOW_REQUESTS });
    const warm = await Promise.all(
      orderIds.map(() => httpCall(server.url, { path: '/api/health', agent, headers: { connection: 'keep-alive' } })),
    );
    expect(warm.every((r) => r.status === 200)).toBe(true);

    // A console's live-count stream: it must not hold the shutdown up.
    let streamEnded = false;
    const stream = httpGet(`${server.url}/api/admin/events?token=${encodeURIComponent(token)}`, (res) => {
      res.resume();
      res.on('close', () => {
        streamEnded = true;
      });
    });
    stream.on('error', () => {
      streamEnded = true;
    });

    // The worker takes a resent e-mail and waits 3 s for the provider's answer.
    const resend = await httpCall(server.url, {
      path: '/api/admin/resend-mail',
      token,
      json: { orderId: mailOrderId, email: 'traveller@example.org', mailServiceProvider: 'Sendgrid' },
    });
    expect(resend.status, resend.body?.toString()).toBe(200);
    await until(() => provider.received.length === 1, 'the provider to receive the e-mail', 20_000);

    // Defence-pack PDFs and 100-row folder pages, queued behind one another.
    const slow = orderIds.map((orderId, i) =>
      i % 2
        ? httpCall(server.url, {
            path: '/api/admin/get-defence-pack-pdf',
            token,
            agent,
            json: { orderId, defencePackType: i % 4 === 1 ? 1 : 2 },
            timeoutMs: 20_000,
          })
        : httpCall(server.url, {
            path: `/api/admin/get-orders-list/allOrder?perPage=100&page=${(i % 3) + 1}`,
            token,
            agent,
            timeoutMs: 20_000,
          }),
    );
    await sleep(100);

    const shuttingDown = server.waitForOutput(/"msg":"shutting down"/);
    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    await shuttingDown;
    const newConnection = await httpCall(server.url, { path: '/api/health', agent: false, timeoutMs: 5000 });

    const answers = await Promise.all(slow);
    const { code } = await server.exited;
    const shutdownMs = performance.now() - signalledAt;
    agent.destroy();
    const orphans = stillRunning(tree.map((p) => p.pid));

    const finished = answers.filter(
      (r, i) =>
        r.status === 200 && (i % 2 ? r.body?.subarray(0, 5).toString() === '%PDF-' : r.body?.includes('"status":1')),
    ).length;
    const mail = await target.withDatabase(({ db }) =>
      db.select({ state: mailMessages.state }).from(mailMessages).where(eq(mailMessages.orderId, mailOrderId)),
    );
    reportFigure(
      `Graceful shutdown (${target.engine}): SIGTERM with ${SLOW_REQUESTS} requests in flight (PDFs, folder pages): ` +
        `${finished} finished with 200, the e-mail in delivery ${mail[0]?.state}, live-count stream ` +
        `${streamEnded ? 'closed by the server' : 'still open'}, exit code ${code} of npm start after ` +
        `${Math.round(shutdownMs)} ms, ${orphans.length} process of its tree left; ` +
        `a request after the signal: ${newConnection.error ?? newConnection.status}`,
    );
    expect(finished).toBe(SLOW_REQUESTS);
    expect(code).toBe(0);
    expect(shutdownMs).toBeLessThan(10_000);
    expect(orphans).toEqual([]);
    expect(mail.map((m) => m.state)).toEqual(['sent']);
    expect(provider.accepted).toHaveLength(1);
    expect(streamEnded).toBe(true);
    // Never a hang: refused once the listening socket is closed, reset when it was accepted just
    // before the idle connections were closed, 503 when its request got in while closing.
    expect([503, 'ECONNREFUSED', 'ECONNRESET']).toContain(newConnection.status ?? newConnection.error);
  }, 300_000);
});
