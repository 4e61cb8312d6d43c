import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MailProvider } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { insertOrder, insertStaff } from '../src/db/factories';
import { migrateDatabase } from '../src/db/migrate';
import { documents, mailMessages, orders } from '../src/db/schema';
import { createLocalStorage } from '../src/features/documents/storage';
import { enqueueMail } from '../src/features/mail/outbox';
import { testEngine } from './test-database';

/**
 * The real server in its own process, killed with SIGKILL while the outbox holds queued mail and
 * while a message is with the provider. After a restart every message must be delivered, none
 * twice. PGlite only: it is the engine whose single process makes the restart release claims at
 * once (on PostgreSQL a dead worker's claim expires after its lock time).
 */
const serverEntry = path.resolve(import.meta.dirname, '../src/server.ts');
const children = new Set<ChildProcess>();
const cleanup: string[] = [];

afterEach(async () => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  await Promise.all(cleanup.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Orders in Pending with an uploaded document each, and an approval e-mail queued per order. */
async function prepare(dataDir: string, count: number, provider: MailProvider) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  await migrateDatabase(database);
  const db = database.db;
  const storage = createLocalStorage(dataDir);
  const uploader = await insertStaff(db, { type: 'Team', name: 'Crash Tester' });
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const order = await insertOrder(db, { processStatus: 'Pending' });
    const file1 = `crashdoc${String(i).padStart(4, '0')}.pdf`;
    const stored = await storage.put(file1, Buffer.from(`%PDF-1.4\n% order ${order.orderId}\n%%EOF\n`));
    const [document] = await db
      .insert(documents)
      .values({ orderId: order.orderId, file1, contentType: 'application/pdf', uploadedBy: uploader.id, ...stored })
      .returning();
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
    keys.push(mail.idempotencyKey);
  }
  await database.close();
  return keys;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts `node --import tsx src/server.ts` (one process, so SIGKILL kills the server itself). */
async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: path.resolve(import.meta.dirname, '..'),
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: 'crash-test-secret-that-is-long-enough-for-hs256',
      ...env,
    },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited during start: ${stderr}`);
    const ready = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return child;
    await sleep(100);
  }
  throw new Error(`server did not become ready: ${stderr}`);
}

async function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** .eml files per X-Idempotency-Key header (each outbox row has its own key). */
async function emlCountByKey(dataDir: string): Promise<Map<string, number>> {
  const dir = path.join(dataDir, 'mail');
  const counts = new Map<string, number>();
  if (!existsSync(dir)) return counts;
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.eml')) continue;
    const key = /^X-Idempotency-Key: (.+)$/im.exec(await readFile(path.join(dir, name), 'utf8'))?.[1]?.trim() ?? '?';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

async function outboxAndOrders(dataDir: string) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const mails = await database.db.select().from(mailMessages);
    const statuses = await database.db
      .select({ status: orders.processStatus, processedBy: orders.processedBy })
      .from(orders)
      .innerJoin(mailMessages, eq(mailMessages.orderId, orders.orderId));
    return { mails, statuses };
  } finally {
    await database.close();
  }
}

/** A SendGrid stand-in that answers 202 or holds the request, and records what it accepted. */
async function startProvider(decide: (key: string, count: number) => 'accept' | 'hold') {
  const received: string[] = [];
  const accepted: string[] = [];
  let onHold: (() => void) | undefined;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      const key = String(req.headers['idempotency-key'] ?? '?');
      received.push(key);
      if (decide(key, received.length) === 'hold') {
        onHold?.();
        return;
      }
      res.writeHead(202, { 'X-Message-Id': `sg-${received.length}` }).end(() => accepted.push(key));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    accepted,
    onFirstHold(callback: () => void) {
      onHold = () => {
        onHold = undefined;
        callback();
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(testEngine === 'postgres')('mail delivery across a crash (SIGKILL)', () => {
  it('delivers every queued message exactly once after the server is killed with mail queued', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'nzeta-crash-'));
    cleanup.push(dataDir);
    const keys = await prepare(dataDir, 12, 'AWS');

    // Killed as soon as it serves: the worker's first round is still seconds away.
    await kill(await startServer(dataDir), 'SIGKILL');
    expect((await emlCountByKey(dataDir)).size).toBe(0);

    const restarted = await startServer(dataDir);
    await until(async () => (await emlCountByKey(dataDir)).size === keys.length, 'all .eml files');
    // Graceful stop: the worker finishes what it is sending before the process ends.
    await kill(restarted, 'SIGTERM');

    const counts = await emlCountByKey(dataDir);
    expect([...counts.keys()].sort()).toEqual([...keys].sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const { mails, statuses } = await outboxAndOrders(dataDir);
    expect(mails.map((m) => m.state)).toEqual(keys.map(() => 'sent'));
    expect(mails.every((m) => m.transport === 'file')).toBe(true);
    expect(statuses).toEqual(keys.map(() => ({ status: 'Completed', processedBy: 'Crash Tester' })));
  }, 120_000);

  it('delivers every message exactly once after the server is killed while one is with the provider', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'nzeta-crash-'));
    cleanup.push(dataDir);
    const keys = await prepare(dataDir, 8, 'Sendgrid');
    let isCrashing = true;
    // Before the crash the provider accepts three messages, then holds the next request open.
    const provider = await startProvider((_key, count) => (isCrashing && count > 3 ? 'hold' : 'accept'));
    try {
      const env = { SENDGRID_API_KEY: 'SG.crash-test', SENDGRID_API_URL: provider.url };
      const first = await startServer(dataDir, env);
      const held = new Promise<void>((resolve) => provider.onFirstHold(resolve));
      await held;
      // Long enough for the accepted messages to be marked sent; the held one is mid-delivery.
      await sleep(750);
      await kill(first, 'SIGKILL');
      expect(provider.accepted).toHaveLength(3);

      isCrashing = false;
      const second = await startServer(dataDir, env);
      await until(() => new Set(provider.accepted).size === keys.length, 'every message accepted');
      await kill(second, 'SIGTERM');

      // Accepted by the provider exactly once each; the held requests were never answered.
      expect([...provider.accepted].sort()).toEqual([...keys].sort());
      expect(provider.received.length).toBeGreaterThan(keys.length);
      const { mails, statuses } = await outboxAndOrders(dataDir);
      expect(mails.map((m) => m.state)).toEqual(keys.map(() => 'sent'));
      expect(mails.every((m) => m.transport === 'sendgrid')).toBe(true);
      expect(statuses.every((s) => s.status === 'Completed')).toBe(true);
    } finally {
      await provider.close();
    }
  }, 120_000);
});
