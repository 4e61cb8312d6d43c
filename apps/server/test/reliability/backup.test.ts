import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/client';
import { buildDownload, insertOrder } from '../../src/db/factories';
import {
  documents,
  downloadHistory,
  mailMessages,
  orderActivity,
  orderOtherNames,
  orders,
  remarks,
} from '../../src/db/schema';
import { httpCall } from './support/http';
import { reportFigure } from './support/report';
import { killAllServers, startServer, until } from './support/server-process';
import { createStaffToken } from './support/staff';
import { createTarget, type Target } from './support/target';
import { buildMultipart, buildPdf, postStreamed } from './support/upload';

/**
 * `npm run backup` and `npm run restore` end to end: data made through the real server (uploads,
 * comments, e-mails delivered by the worker, downloads), backed up, restored into an empty data
 * folder (PGlite) or an empty database (PostgreSQL), and compared row by row and file by file.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const ORDERS = 12;
const UPLOADS = 4;

let source: Target;
let restored: Target;
let backupDir: string;
let token = '';
const orderIds: number[] = [];

function npm(script: 'backup' | 'restore', args: string[], target: Target) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: target.dataDir,
        DATABASE_URL: target.databaseUrl ?? '',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Every row of the tables a restore must bring back, in a stable order. */
async function snapshot(db: Db) {
  return {
    orders: await db.select().from(orders).orderBy(asc(orders.orderId)),
    otherNames: await db.select().from(orderOtherNames).orderBy(asc(orderOtherNames.id)),
    documents: await db.select().from(documents).orderBy(asc(documents.id)),
    remarks: await db.select().from(remarks).orderBy(asc(remarks.id)),
    mail: await db.select().from(mailMessages).orderBy(asc(mailMessages.id)),
    downloads: await db.select().from(downloadHistory).orderBy(asc(downloadHistory.id)),
    activity: await db.select().from(orderActivity).orderBy(asc(orderActivity.id)),
  };
}

describe('backup and restore', () => {
  beforeAll(async () => {
    source = await createTarget('backupsrc');
    restored = await createTarget('backupdst');
    backupDir = await mkdtemp(path.join(tmpdir(), 'nzeta-backup-'));
    await rm(backupDir, { recursive: true });
    // `restored` stays untouched until the restore: an empty data folder, an empty database.

    await source.withDatabase(async ({ db }) => {
      ({ token } = await createStaffToken(db, 'Team', 'Backup Tester'));
      for (let i = 0; i < ORDERS; i++) {
        const names = i % 3 ? [] : [{ differentFirstName: 'Other', differentLastName: `Name${i}` }];
        const order = await insertOrder(db, { processStatus: 'New', otherNames: names });
        orderIds.push(order.orderId);
        await db.insert(downloadHistory).values(buildDownload({ orderId: order.orderId }));
      }
    });
  }, 300_000);

  afterAll(async () => {
    await killAllServers();
    await source?.destroy();
    await restored?.destroy();
    await rm(backupDir, { recursive: true, force: true });
  });

  it('restores every order, file and history into an empty database and data folder', async () => {
    const server = await startServer({ dataDir: source.dataDir, databaseUrl: source.databaseUrl });
    for (const [i, orderId] of orderIds.slice(0, UPLOADS).entries()) {
      const { body, contentType } = buildMultipart(
        {
          orderId: String(orderId),
          email: `traveller${i}@example.org`,
          mailServiceProvider: i % 2 ? 'AWS' : 'Sendgrid',
        },
        {
          field: 'uploadVisaDoc',
          filename: `approval-${i}.pdf`,
          contentType: 'application/pdf',
          content: buildPdf(200_000 + i),
        },
      );
      const upload = await postStreamed(`${server.url}/api/admin/upload-visa-document`, body, {
        authorization: token,
        'content-type': contentType,
      });
      expect(upload.status, upload.body).toBe(200);
    }
    for (const orderId of orderIds) {
      const remark = await httpCall(server.url, {
        path: '/api/admin/add-new-remark',
        token,
        json: { orderId, remark: `Checked order ${orderId}` },
      });
      expect(remark.status).toBe(200);
    }
    // The approval e-mails go out through the file transport (no provider keys).
    await until(async () => {
      const detail = await httpCall(server.url, { path: `/api/admin/get-orders-details/${orderIds[0]}`, token });
      return detail.body?.toString().includes('"Completed"') ?? false;
    }, 'the first approval e-mail to be delivered');

    if (source.engine === 'pglite') {
      // PGlite belongs to one process: a backup while the server runs is refused, not corrupted.
      const refused = await npm('backup', ['--out', backupDir], source);
      expect(refused.code).not.toBe(0);
      expect(refused.output).toContain('is in use by process');
      await server.stop('SIGTERM');
    }
    const backup = await npm('backup', ['--out', backupDir], source);
    expect(backup.code, backup.output).toBe(0);
    if (server.isRunning()) await server.stop('SIGTERM');

    const restore = await npm('restore', ['--from', backupDir], restored);
    expect(restore.code, restore.output).toBe(0);

    const before = await source.withDatabase(({ db }) => snapshot(db));
    const after = await restored.withDatabase(({ db }) => snapshot(db));
    expect(after).toEqual(before);
    let matchingFiles = 0;
    for (const row of after.documents) {
      const content = await readFile(path.join(restored.dataDir, 'documents', row.file1));
      if (createHash('sha256').update(content).digest('hex') === row.sha256 && content.length === row.size) {
        matchingFiles += 1;
      }
    }

    // The restored copy serves: a stored document downloads byte for byte.
    const restoredServer = await startServer({ dataDir: restored.dataDir, databaseUrl: restored.databaseUrl });
    const first = after.documents[0];
    const download = await httpCall(restoredServer.url, {
      path: `/api/admin/documents/${first?.orderId}/${first?.file1}`,
      token,
    });
    await restoredServer.stop('SIGTERM');

    reportFigure(
      `Backup (${source.engine}): ${after.orders.length} orders, ${after.documents.length} documents, ` +
        `${after.remarks.length} comments, ${after.mail.length} e-mails, ${after.downloads.length} downloads, ` +
        `${after.activity.length} history entries restored into an empty ${source.engine === 'pglite' ? 'data folder' : 'database'}: ` +
        `every row equal, ${matchingFiles} of ${after.documents.length} files match their SHA-256`,
    );
    expect(after.orders).toHaveLength(ORDERS);
    expect(after.documents).toHaveLength(UPLOADS);
    expect(after.mail.length).toBeGreaterThanOrEqual(UPLOADS);
    expect(matchingFiles).toBe(after.documents.length);
    expect(download.status).toBe(200);
    expect(
      createHash('sha256')
        .update(download.body ?? Buffer.alloc(0))
        .digest('hex'),
    ).toBe(first?.sha256);
  }, 600_000);
});
