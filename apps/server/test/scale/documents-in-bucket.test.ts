import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BackgroundJobs, startBackgroundJobs } from '../../src/background-jobs';
import type { Database } from '../../src/db/client';
import { insertOrder } from '../../src/db/factories';
import { createBackup } from '../../src/features/backup/backup';
import { restoreBackup } from '../../src/features/backup/restore';
import { createDocumentStorage } from '../../src/features/documents/storage';
import { deliverUntilSettled } from '../../src/features/mail/testing/deliver';
import { multipart } from '../../src/features/order-detail/testing/multipart';
import { samplePdf } from '../../src/features/order-detail/testing/sample-files';
import { createTarget, type Target } from '../reliability/support/target';
import { createTestApp, type TestApp } from '../test-app';
import type { TestDatabase } from '../test-database';
import { type S3Server, startS3Server } from './s3-server';

/**
 * The whole document path with the documents in an S3-compatible bucket (s3rver) instead of the
 * data folder: upload, staff download, the approval e-mail's attachment, the visitor's signed
 * link, the defence pack, backup and restore (the bucket stays, the database comes back), erasure.
 */
let s3: S3Server | undefined;
let unavailable = '';
try {
  s3 = await startS3Server();
} catch (error) {
  unavailable = `s3rver could not start (${(error as Error).message}): the bucket tests are skipped`;
  console.warn(unavailable);
}

const BUCKET = 'nzeta-documents';
let source: Target;
let restored: Target;
let backupDir: string;
let t: TestApp;
let jobs: BackgroundJobs;
let staffToken = '';
let adminToken = '';
let orderId = 0;
let file1 = '';
let pdf: Buffer;
const EMAIL = 'ana.rivera@example.org';

/**
 * pg_dump and pg_restore need a session of their own: through a transaction-mode pooler
 * (npm run test:pgbouncer) they go to the server itself, as a deployment's backups do.
 */
function directUrl(url: string | undefined): string | undefined {
  const server = process.env.TEST_DATABASE_LISTEN_URL;
  if (!url || !server) return url;
  const direct = new URL(url);
  direct.host = new URL(server).host;
  return direct.toString();
}

function asTestDatabase(database: Database): TestDatabase {
  return { ...database, async reset() {}, destroy: () => database.close() };
}

async function startApp(target: Target): Promise<TestApp> {
  const database = asTestDatabase(await target.open());
  return createTestApp({ ...s3?.envFor(BUCKET), DATA_DIR: target.dataDir }, { database });
}

const stopped = new WeakSet<TestApp>();
async function stopApp(app: TestApp) {
  if (stopped.has(app)) return;
  stopped.add(app);
  await app.close();
  await app.database.destroy();
}

const bucketHas = (name: string) => createDocumentStorage(t.config).exists(name);

async function visitorDownload(app: TestApp): Promise<Buffer> {
  const tracked = await app.call({
    method: 'POST',
    url: '/api/front/track-order',
    payload: { orderId: String(orderId), email: EMAIL },
  });
  const token = tracked.json().data?.token as string;
  const link = await app.call({
    method: 'POST',
    url: '/api/front/download-passport-doc-pdf',
    payload: { orderId: String(orderId), customername: 'customer', file1, timezone: 'Pacific/Auckland' },
    token,
  });
  expect(link.json()).toMatchObject({ status: 1 });
  const file = await app.call({ method: 'GET', url: link.json().data.url });
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
}

describe.skipIf(!s3)('documents in an S3-compatible bucket', () => {
  beforeAll(async () => {
    await s3?.createBucket(BUCKET);
    source = await createTarget('s3src');
    restored = await createTarget('s3dst');
    backupDir = path.join(await mkdtemp(path.join(tmpdir(), 'nzeta-s3-backup-')), 'backup');
    t = await startApp(source);
    jobs = await startBackgroundJobs(t.app);
    staffToken = (await t.signInAs('Team', { name: 'Uma Uploader' })).token;
    adminToken = (await t.signInAs('Admin')).token;
    const order = await insertOrder(t.database.db, { processStatus: 'New', email: EMAIL });
    orderId = order.orderId;
    pdf = await samplePdf('Approved travel document (bucket)');
  }, 120_000);

  afterAll(async () => {
    await jobs?.stop();
    if (t) await stopApp(t);
    await source?.destroy();
    await restored?.destroy();
    if (backupDir) await rm(path.dirname(backupDir), { recursive: true, force: true });
    await s3?.stop();
  });

  it('stores an upload in the bucket, not in the data folder, and serves it to staff', async () => {
    const body = multipart(
      { orderId: String(orderId), email: EMAIL, mailServiceProvider: 'AWS' },
      { field: 'uploadVisaDoc', filename: 'approval.pdf', contentType: 'application/pdf', content: pdf },
    );
    const upload = await t.call({ method: 'POST', url: '/api/admin/upload-visa-document', token: staffToken, ...body });
    expect(upload.json()).toMatchObject({ status: 1 });
    file1 = upload.json().data.file1;
    expect(await bucketHas(file1)).toBe(true);
    expect(existsSync(path.join(t.config.dataDir, 'documents', file1))).toBe(false);

    const staffCopy = await t.call({
      method: 'GET',
      url: `/api/admin/documents/${orderId}/${file1}`,
      token: staffToken,
    });
    expect(staffCopy.statusCode).toBe(200);
    expect(staffCopy.rawPayload.equals(pdf)).toBe(true);

    // The approval e-mail carries the document, read back from the bucket by the mail worker.
    const mailId = upload.json().data.mailId as number;
    const sent = await deliverUntilSettled(jobs.mailWorker, t.database.db, mailId);
    expect(sent.state).toBe('sent');
    const eml = await simpleParser(await readFile(path.join(t.config.dataDir, 'mail', sent?.providerMessageId ?? '')));
    expect(eml.attachments[0]?.content.equals(pdf)).toBe(true);
  });

  it("serves the visitor's signed link from the bucket, and the defence pack records the download", async () => {
    expect((await visitorDownload(t)).equals(pdf)).toBe(true);
    const pack = await t.call({
      method: 'POST',
      url: '/api/admin/get-defence-pack-pdf',
      payload: { orderId, defencePackType: 1 },
      token: staffToken,
    });
    expect(pack.statusCode).toBe(200);
    expect(pack.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('backs up and restores the database while the documents stay in the bucket', async () => {
    await jobs.stop();
    await stopApp(t);
    const manifest = await createBackup(
      { dataDir: source.dataDir, DATABASE_URL: directUrl(source.databaseUrl), S3_BUCKET: BUCKET },
      backupDir,
    );
    expect(manifest.documents).toEqual({ storage: 's3', bucket: BUCKET });
    await restoreBackup({ dataDir: restored.dataDir, DATABASE_URL: directUrl(restored.databaseUrl) }, backupDir);

    t = await startApp(restored);
    jobs = await startBackgroundJobs(t.app);
    const staffCopy = await t.call({
      method: 'GET',
      url: `/api/admin/documents/${orderId}/${file1}`,
      token: staffToken,
    });
    expect(staffCopy.rawPayload.equals(pdf)).toBe(true);
    expect((await visitorDownload(t)).equals(pdf)).toBe(true);
  });

  it('erasing the order removes its document from the bucket', async () => {
    const erased = await t.call({
      method: 'PUT',
      url: '/api/admin/change-order-status',
      payload: { orderId, updatingStatus: 'Deleted', permanentDeletedFlag: '1' },
      token: adminToken,
    });
    expect(erased.json()).toMatchObject({ status: 1 });
    expect(await bucketHas(file1)).toBe(false);
    const staffCopy = await t.call({
      method: 'GET',
      url: `/api/admin/documents/${orderId}/${file1}`,
      token: staffToken,
    });
    expect(staffCopy.statusCode).toBe(404);
  });
});

// Named in the run's summary, so a skip is never mistaken for a pass.
if (!s3) it.skip(unavailable, () => undefined);
