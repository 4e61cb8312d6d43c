import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/db/seed';
import { pdfPages } from '../../src/features/defence-packs/pdf-text';
import { freePort } from '../reliability/support/server-process';
import { createInstance, type Instance, serverDir } from '../scale/instance';

/**
 * The compiled server (`node dist/server.js`, as `npm start` runs it) on PGlite with its demo
 * data: the PDF worker thread is its own entry in dist/ and draws a defence pack there, fonts
 * included. (The suite's global setup builds dist/ when stale.)
 */
let server: Instance;
let dataDir = '';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'nzeta-built-'));
  server = createInstance('built', await freePort(), { DATA_DIR: dataDir, LOG_LEVEL: 'warn', PDF_WORKERS: '2' });
  await server.start();
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function call(pathname: string, init: { token?: string; body?: unknown } = {}) {
  return fetch(`${server.url}${pathname}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/** Threads of the server process (Linux): a worker thread adds its own. */
function threadsOf(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/^Threads:\s+(\d+)/m)?.[1]);
}

describe('the built server', () => {
  it('has the PDF worker as an entry of its own', () => {
    expect(existsSync(path.join(serverDir, 'dist/pdf-worker.js'))).toBe(true);
  });

  it('serves a defence pack drawn in a worker thread, and stops cleanly on SIGTERM', async () => {
    const team = DEMO_ACCOUNTS.find((a) => a.type === 'Team');
    const login = await call('/api/admin/admin-login', { body: { email: team?.email, password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    const { jwtToken: token } = (await login.json()) as { jwtToken: string };
    const list = await call('/api/admin/get-orders-list/completedOrder?perPage=5', { token });
    expect(list.status).toBe(200);
    const orderId = Number(((await list.json()) as { data: Array<{ order_id: number }> }).data[0]?.order_id);
    expect(orderId).toBeGreaterThan(0);

    const threadsBefore = threadsOf(server.pid());
    const packs = await Promise.all(
      [1, 2, 1, 2].map((defencePackType) =>
        call('/api/admin/get-defence-pack-pdf', { token, body: { orderId, defencePackType } }),
      ),
    );
    for (const pack of packs) {
      expect(pack.status).toBe(200);
      expect(pack.headers.get('content-type')).toBe('application/pdf');
    }
    // the two PDF workers started on the first packs (PDF_WORKERS=2)
    expect(threadsOf(server.pid())).toBeGreaterThanOrEqual(threadsBefore + 2);
    const first = Buffer.from(await packs[0]!.arrayBuffer());
    const text = (await pdfPages(first)).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(`Re: Order ${orderId}`);
    expect(text).toContain('Enclosure B: Download History of the delivered document');
    expect(text).toMatch(/Defence Pack 1 · Order \d+/); // the footer, in the embedded DejaVu font

    const { code } = await server.stop();
    expect(code).toBe(0);
  }, 120_000);
});
