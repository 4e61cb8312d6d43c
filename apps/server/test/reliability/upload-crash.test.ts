import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../src/db/factories';
import { documents } from '../../src/db/schema';
import { TEMP_PREFIX } from '../../src/features/documents/local-storage';
import { randomInt, reportFigure, size } from './support/report';
import { killAllServers, startServer } from './support/server-process';
import { createStaffToken } from './support/staff';
import { createTarget, type Target } from './support/target';
import { buildMultipart, buildPdf, postStreamed } from './support/upload';

/**
 * SIGKILLs at random moments of a 10 MB upload to POST /api/admin/upload-visa-document: while
 * the body arrives, while the file is written (temp file, fsync, rename), around the commit and
 * after the answer. After each kill: no documents row points at a missing or partial file, every
 * stored file matches its row's SHA-256, and the next start removes the temporary files.
 */
const cycles = size(5, 50);
const UPLOAD_BYTES = 10 * 1024 * 1024 - 4096;

let target: Target;
let token: string;
let orderIds: number[] = [];
const pdf = buildPdf(UPLOAD_BYTES);
const serverEnv = { MAIL_WORKER: 'off' };

interface FolderState {
  temps: string[];
  files: Map<string, { size: number; sha256: string }>;
}

async function readFolder(): Promise<FolderState> {
  const dir = path.join(target.dataDir, 'documents');
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = new Map<string, { size: number; sha256: string }>();
  for (const name of names.filter((n) => !n.startsWith(TEMP_PREFIX))) {
    const content = await readFile(path.join(dir, name));
    files.set(name, { size: content.length, sha256: createHash('sha256').update(content).digest('hex') });
  }
  return { temps: names.filter((n) => n.startsWith(TEMP_PREFIX)), files };
}

async function documentRows() {
  return target.withDatabase(({ db }) =>
    db.select({ file1: documents.file1, size: documents.size, sha256: documents.sha256 }).from(documents),
  );
}

function upload(url: string, orderId: number) {
  const { body, contentType } = buildMultipart(
    { orderId: String(orderId), email: `traveller${orderId}@example.org`, mailServiceProvider: 'AWS' },
    { field: 'uploadVisaDoc', filename: `approval-${orderId}.pdf`, contentType: 'application/pdf', content: pdf },
  );
  return postStreamed(`${url}/api/admin/upload-visa-document`, body, {
    authorization: token,
    'content-type': contentType,
  });
}

describe('uploads across SIGKILLs of the server', () => {
  beforeAll(async () => {
    target = await createTarget('uploadcrash');
    await target.withDatabase(async ({ db }) => {
      ({ token } = await createStaffToken(db, 'Team', 'Upload Tester'));
      for (let i = 0; i < cycles + 2; i++) orderIds.push((await insertOrder(db, { processStatus: 'New' })).orderId);
    });
  }, 300_000);

  afterAll(async () => {
    await killAllServers();
    await target?.destroy();
  });

  it(`keeps rows and files consistent across ${cycles} kills during 10 MB uploads`, async () => {
    // Uploads without a crash (the first one warms up) set the time range the kills spread over.
    let server = await startServer({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, env: serverEnv });
    const [warmOrder, baselineOrder, ...crashOrders] = orderIds;
    const warm = await upload(server.url, warmOrder ?? 0);
    const baseline = await upload(server.url, baselineOrder ?? 0);
    expect([warm.status, baseline.status], baseline.body ?? baseline.error).toEqual([200, 200]);
    orderIds = crashOrders;

    const landed = { 'while arriving': 0, 'while storing': 0, 'stored, not committed': 0, committed: 0 };
    let tempsLeftByCrashes = 0;
    let tempsAfterStart = 0;
    let badRows = 0;
    let checkedFiles = 0;
    let orphans = 0;
    // PGlite belongs to the running server, so rows are counted while it is down.
    let rowsBefore = 2;
    for (let cycle = 0; cycle < cycles; cycle++) {
      const filesBefore = (await readFolder()).files.size;
      const attempt = upload(server.url, orderIds[cycle] ?? 0);
      const killAfter = randomInt(0, Math.round(baseline.ms * 1.3));
      await new Promise((resolve) => setTimeout(resolve, killAfter));
      server.child.kill('SIGKILL');
      await server.exited;
      const answer = await attempt;

      const folder = await readFolder();
      const rows = await documentRows();
      tempsLeftByCrashes += folder.temps.length;
      for (const row of rows) {
        const file = folder.files.get(row.file1);
        if (!file || file.size !== row.size || file.sha256 !== row.sha256) badRows += 1;
      }
      checkedFiles = rows.length;
      orphans = [...folder.files.keys()].filter((name) => !rows.some((row) => row.file1 === name)).length;
      if (rows.length > rowsBefore) landed.committed += 1;
      else if (folder.files.size > filesBefore) landed['stored, not committed'] += 1;
      else if (folder.temps.length > 0) landed['while storing'] += 1;
      else landed['while arriving'] += 1;
      // An answer the client received is true: a 200 means the row is there.
      if (answer.status === 200) expect(rows.length).toBeGreaterThan(rowsBefore);
      rowsBefore = rows.length;

      server = await startServer({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, env: serverEnv });
      tempsAfterStart += (await readFolder()).temps.length;
    }
    await server.stop('SIGTERM');

    const tally = Object.entries(landed)
      .map(([where, n]) => `${n} ${where}`)
      .join(', ');
    reportFigure(
      `Upload crash (${target.engine}): ${cycles} SIGKILLs during 10 MB uploads (${tally}): ` +
        `${badRows} rows pointing at a missing or partial file, ${checkedFiles} stored files match their SHA-256, ` +
        `${tempsLeftByCrashes} temporary files left by the kills, ${tempsAfterStart} after the next start, ` +
        `${orphans} complete files without a row (never served)`,
    );
    expect(badRows).toBe(0);
    expect(tempsAfterStart).toBe(0);
    expect(checkedFiles).toBeGreaterThan(0);
  }, 3_600_000);
});
