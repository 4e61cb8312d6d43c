import type { MailProvider } from '@nzeta/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { insertOrder, insertStaff } from '../../src/db/factories';
import { documents, mailMessages, orders } from '../../src/db/schema';
import { createLocalStorage } from '../../src/features/documents/storage';
import { enqueueMail } from '../../src/features/mail/outbox';
import { acceptedCounts, type MailProviderStandIn, providerEnv, startMailProvider } from './support/mail-provider';
import { randomInt, reportFigure, size } from './support/report';
import { killAllServers, type ServerProcess, startServer, until } from './support/server-process';
import { createTarget, type Target } from './support/target';

/**
 * The real server is killed with SIGKILL while its outbox worker delivers approval e-mails to a
 * stand-in SendGrid and SES. Where each kill lands cycles through the interesting points:
 * - starting: at a random moment of the start-up, at the latest as the first e-mail goes out;
 * - in flight: the provider has the request and never answers (the worker dies waiting);
 * - accepted: right after the provider answered, before the worker can mark the row sent — the
 *   at-least-once window, where a provider without idempotency delivers the message again;
 * - random: anywhere from a few ms to 300 ms into delivery.
 * After the last cycle the server restarts and drains the outbox: no message may be missing.
 */
const cycles = size(5, 100);
const MODES = ['starting', 'in flight', 'accepted', 'random'] as const;
type KillMode = (typeof MODES)[number];

let target: Target;
let provider: MailProviderStandIn;
let keys: string[] = [];

/** Orders in Pending, each with an uploaded document and an approval e-mail queued. */
async function prepare(db: Db, count: number): Promise<string[]> {
  const storage = createLocalStorage(target.dataDir);
  const uploader = await insertStaff(db, { type: 'Team', name: 'Crash Tester' });
  const queued: string[] = [];
  for (let i = 0; i < count; i++) {
    const order = await insertOrder(db, { processStatus: 'Pending' });
    const file1 = `crashdoc${String(i).padStart(5, '0')}.pdf`;
    const stored = await storage.put(file1, Buffer.from(`%PDF-1.4\n% order ${order.orderId}\n%%EOF\n`));
    const [document] = await db
      .insert(documents)
      .values({ orderId: order.orderId, file1, contentType: 'application/pdf', uploadedBy: uploader.id, ...stored })
      .returning();
    const provider: MailProvider = i % 2 === 0 ? 'Sendgrid' : 'AWS';
    const mail = await enqueueMail(db, {
      orderId: order.orderId,
      kind: 'approval',
      provider,
      to: `traveller${i}@example.org`,
      subject: `Your NZeTA has been approved - Order ${order.orderId}`,
      html: '<p>approved</p>',
      text: 'approved',
      attachments: [{ filename: `NZeTA-${order.orderId}.pdf`, contentType: 'application/pdf', file1 }],
      documentId: document?.id ?? null,
      createdBy: uploader.id,
    });
    queued.push(mail.idempotencyKey);
  }
  return queued;
}

/** Starts the server and kills it with SIGKILL at the point `mode` names. */
async function crashCycle(mode: KillMode): Promise<void> {
  provider.decide = () => 'accept';
  const server = await startServer({
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl,
    env: providerEnv(provider.url),
    waitReady: mode !== 'starting',
  });
  const killNow = (s: ServerProcess) => {
    if (s.isRunning()) s.child.kill('SIGKILL');
  };
  const before = { received: provider.received.length, accepted: provider.accepted.length };
  // Past the first batch of 5 (sent in parallel): each cycle makes progress, so no message is
  // interrupted often enough to reach the worker's limit of interrupted attempts.
  const nth = randomInt(6, 12);
  if (mode === 'starting') {
    // Anywhere in the start-up, at the latest when the worker's first request goes out.
    setTimeout(() => killNow(server), randomInt(200, 4000));
    provider.onReceived = () => killNow(server);
  } else if (mode === 'in flight') {
    provider.decide = (event) => (event.count - before.received >= nth ? 'hold' : 'accept');
    provider.onReceived = (event) => {
      if (event.count - before.received === nth) killNow(server);
    };
  } else if (mode === 'accepted') {
    provider.onAccepted = () => {
      if (provider.accepted.length - before.accepted === nth) killNow(server);
    };
  } else {
    provider.onReceived = (event) => {
      if (event.count - before.received === 1) setTimeout(() => killNow(server), randomInt(5, 300));
    };
  }
  // If the outbox ran dry before the kill point, kill anyway.
  const deadline = setTimeout(() => killNow(server), 20_000);
  const { signal } = await server.exited;
  clearTimeout(deadline);
  provider.onReceived = undefined;
  provider.onAccepted = undefined;
  provider.releaseHeld();
  expect(signal).toBe('SIGKILL');
}

describe('mail delivery across SIGKILLs of the server', () => {
  beforeAll(async () => {
    target = await createTarget('mailcrash');
    provider = await startMailProvider();
    provider.maxLatencyMs = 40;
    keys = await target.withDatabase((database) => prepare(database.db, cycles * 20 + 20));
  }, 300_000);

  afterAll(async () => {
    await killAllServers();
    await provider?.close();
    await target?.destroy();
  });

  it(`loses no message across ${cycles} kills during delivery`, async () => {
    const modes: KillMode[] = [];
    for (let cycle = 0; cycle < cycles; cycle++) {
      const mode = MODES[cycle % MODES.length] ?? 'random';
      modes.push(mode);
      await crashCycle(mode);
    }
    const sentBeforeDrain = new Set(provider.accepted).size;

    if (target.engine === 'postgres') {
      // Another instance may be delivering, so a PostgreSQL start never frees claims itself:
      // a dead worker's claim runs out after its lock time (120 s). Here that time passes at once.
      await target.withDatabase(async ({ db }) => {
        await db
          .update(mailMessages)
          .set({ lockedUntil: sql`now() - interval '1 second'` })
          .where(eq(mailMessages.state, 'sending'));
      });
    }
    const server = await startServer({
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      env: providerEnv(provider.url),
    });
    await until(() => new Set(provider.accepted).size >= keys.length, 'every message accepted', 300_000);
    // A graceful stop: the worker finishes what it is sending before the process ends.
    const { code } = await server.stop('SIGTERM');
    expect(code).toBe(0);

    const counts = acceptedCounts(provider.accepted);
    const lost = keys.filter((key) => !counts.has(key));
    const duplicates = [...counts.values()].reduce((sum, n) => sum + n - 1, 0);
    const { states, completed } = await target.withDatabase(async ({ db }) => {
      const rows = await db.select({ state: mailMessages.state }).from(mailMessages);
      const done = await db
        .select({ status: orders.processStatus, processedBy: orders.processedBy })
        .from(orders)
        .innerJoin(mailMessages, eq(mailMessages.orderId, orders.orderId));
      return { states: rows.map((r) => r.state), completed: done };
    });
    const tally = MODES.map((mode) => `${modes.filter((m) => m === mode).length} ${mode}`).join(', ');
    reportFigure(
      `Mail crash (${target.engine}): ${cycles} SIGKILLs (${tally}), ${keys.length} messages ` +
        `(${sentBeforeDrain} accepted before the final restart): ${lost.length} lost, ` +
        `${duplicates} duplicates at providers without idempotency (SES, SendGrid), ` +
        `${counts.size - keys.length} extra after de-duplication on the Idempotency-Key`,
    );
    expect(lost).toEqual([]);
    expect(counts.size).toBe(keys.length);
    expect(states.every((state) => state === 'sent')).toBe(true);
    expect(completed.every((order) => order.status === 'Completed' && order.processedBy === 'Crash Tester')).toBe(true);
    // Duplicates come only from kills between the provider's answer and the commit.
    expect(duplicates).toBeLessThanOrEqual(modes.length * 5);
  }, 3_600_000);
});
