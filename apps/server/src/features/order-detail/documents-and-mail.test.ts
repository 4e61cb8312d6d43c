import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { withAppAndJobs } from '../../../test/with-app-and-jobs';
import type { BackgroundJobs } from '../../background-jobs';
import { insertOrder } from '../../db/factories';
import { documents, mailMessages, orderActivity, orders } from '../../db/schema';
import { createDocumentStorage, createLocalStorage, streamToBuffer } from '../documents/storage';
import { deliverUntilSettled } from '../mail/testing/deliver';
import { NO_DOCUMENT_MESSAGE } from './resend-mail';
import { multipart } from './testing/multipart';
import { SCRIPT, samplePdf, samplePng } from './testing/sample-files';
import { uploadDocument } from './upload-document';

let t: TestApp;
let jobs: BackgroundJobs;
withAppAndJobs((app, started) => {
  t = app;
  jobs = started;
});

const documentsDir = () => path.join(t.config.dataDir, 'documents');
const storedFiles = async () => (existsSync(documentsDir()) ? await readdir(documentsDir()) : []);

function upload(
  token: string,
  fields: Record<string, string>,
  file?: { filename: string; contentType: string; content: Buffer },
) {
  const body = multipart(fields, file ? { field: 'uploadVisaDoc', ...file } : undefined);
  return t.call({ method: 'POST', url: '/api/admin/upload-visa-document', token, ...body });
}

const deliver = (mailId: number) => deliverUntilSettled(jobs.mailWorker, t.database.db, mailId);

describe('POST /api/admin/upload-visa-document', () => {
  it('stores the document, moves the order to Pending and queues the approval e-mail with it attached', async () => {
    const member = await t.signInAs('Team', { name: 'Uma Uploader' });
    const order = await insertOrder(t.database.db, { firstName: 'Ana', lastName: 'Rivera', processStatus: 'New' });
    const pdf = await samplePdf();
    const response = await upload(
      member.token,
      { orderId: String(order.orderId), email: 'ana.rivera@example.org', mailServiceProvider: 'AWS' },
      { filename: 'approval.pdf', contentType: 'application/pdf', content: pdf },
    );
    expect(response.json()).toMatchObject({
      status: 1,
      message: 'Document uploaded and the approval e-mail is on its way.',
    });
    const { file1, mailId } = response.json().data;

    const [document] = await t.database.db.select().from(documents).where(eq(documents.orderId, order.orderId));
    expect(document).toMatchObject({
      file1,
      contentType: 'application/pdf',
      size: pdf.length,
      customerName: 'Ana Rivera',
      mailServiceProvider: 'AWS',
      uploadedBy: member.id,
    });
    // Read back from the configured storage: the data folder, or the bucket under `npm run test:s3`.
    const stored = await streamToBuffer(await createDocumentStorage(t.config).get(file1));
    expect(stored.equals(pdf)).toBe(true);

    const [pending] = await t.database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(pending?.processStatus).toBe('Pending');
    const [mail] = await t.database.db.select().from(mailMessages).where(eq(mailMessages.id, mailId));
    expect(mail).toMatchObject({
      orderId: order.orderId,
      kind: 'approval',
      provider: 'AWS',
      toAddress: 'ana.rivera@example.org',
      documentId: document?.id,
      createdBy: member.id,
    });
    expect(mail?.attachments).toEqual([
      { filename: `NZeTA-${order.orderId}.pdf`, contentType: 'application/pdf', file1 },
    ]);
    const activity = await t.database.db.select().from(orderActivity).where(eq(orderActivity.orderId, order.orderId));
    expect(activity.map((a) => [a.action, a.fromValue, a.toValue])).toEqual(
      expect.arrayContaining([
        ['document-uploaded', null, file1],
        ['status-changed', 'New', 'Pending'],
      ]),
    );

    // The worker delivers through the file provider (no keys), then the order is Completed.
    const sent = await deliver(mailId);
    expect(sent).toMatchObject({ state: 'sent', transport: 'file' });
    const [completed] = await t.database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(completed).toMatchObject({
      processStatus: 'Completed',
      processedBy: 'Uma Uploader',
      processedById: member.id,
    });
    const eml = await readFile(path.join(t.config.dataDir, 'mail', sent.providerMessageId ?? ''));
    const parsed = await simpleParser(eml);
    expect(parsed.subject).toContain(String(order.orderId));
    expect(parsed.attachments[0]?.content.equals(pdf)).toBe(true);

    const detail = await t.call({
      method: 'GET',
      url: `/api/admin/get-orders-details/${order.orderId}`,
      token: member.token,
    });
    const { data } = detail.json();
    expect(data.process_status).toBe('Completed');
    expect(data.processed_by).toBe('Uma Uploader');
    expect(data.mailHistory).toEqual([
      expect.objectContaining({
        id: mailId,
        kind: 'approval',
        state: 'sent',
        to_address: 'ana.rivera@example.org',
        uploadDoc: { file1, mail_service_provider: 'AWS' },
      }),
    ]);
    expect(data.uploadDoc[0]).toMatchObject({ file1, mail_service_provider: 'AWS' });
    expect(data.activity.map((a: { action: string; to_value: string }) => `${a.action}:${a.to_value}`)).toContain(
      'status-changed:Completed',
    );
  });

  it('accepts an image and keeps the provider the member chose', async () => {
    const { token } = await t.signInAs('Telecaller');
    const order = await insertOrder(t.database.db);
    const response = await upload(
      token,
      { orderId: String(order.orderId), email: 'x@example.org', mailServiceProvider: 'Sendgrid' },
      { filename: 'scan.png', contentType: 'image/png', content: await samplePng() },
    );
    expect(response.json().status).toBe(1);
    const [mail] = await t.database.db.select().from(mailMessages);
    expect(mail?.provider).toBe('Sendgrid');
    expect(mail?.attachments[0]?.contentType).toBe('image/png');
    expect(response.json().data.file1).toMatch(/\.png$/);
  });

  it('refuses a script renamed .pdf, an oversized file, a missing file or e-mail and an unknown order, storing nothing', async () => {
    const { token } = await t.signInAs('Team');
    const order = await insertOrder(t.database.db);
    const fields = { orderId: String(order.orderId), email: 'x@example.org', mailServiceProvider: 'AWS' };
    const filesBefore = await storedFiles();

    const script = await upload(token, fields, {
      filename: 'document.pdf',
      contentType: 'application/pdf',
      content: SCRIPT,
    });
    expect(script.statusCode).toBe(400);
    expect(script.json()).toEqual({
      status: 0,
      message: 'Only PDF, JPEG, PNG or WebP files are accepted.',
      code: 'VALIDATION_FAILED',
    });

    const huge = Buffer.alloc(11 * 1024 * 1024, 0x20);
    huge.write('%PDF-1.4\n');
    const tooLarge = await upload(token, fields, {
      filename: 'big.pdf',
      contentType: 'application/pdf',
      content: huge,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      status: 0,
      message: 'The file is larger than 10 MB.',
      code: 'PAYLOAD_TOO_LARGE',
    });

    const noFile = await upload(token, fields);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ status: 0, message: 'File is required', code: 'VALIDATION_FAILED' });

    const pdf = await samplePdf();
    const noEmail = await upload(
      token,
      { ...fields, email: '' },
      { filename: 'a.pdf', contentType: 'application/pdf', content: pdf },
    );
    expect(noEmail.json()).toEqual({ status: 0, message: 'Please enter your email', code: 'VALIDATION_FAILED' });

    const unknown = await upload(
      token,
      { ...fields, orderId: '999999' },
      { filename: 'a.pdf', contentType: 'application/pdf', content: pdf },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 0, message: 'Order not found.', code: 'ORDER_NOT_FOUND' });

    // Nothing stored, not even a temp file of the refused 11 MB upload.
    expect(await storedFiles()).toEqual(filesBefore);
    expect(await t.database.db.select().from(documents)).toEqual([]);
    expect(await t.database.db.select().from(mailMessages)).toEqual([]);
    const [unchanged] = await t.database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(unchanged?.processStatus).toBe('New');
  });
});

describe('uploadDocument', () => {
  it('removes the stored file again when the transaction fails, and changes nothing', async () => {
    const member = await t.signInAs('Team');
    const order = await insertOrder(t.database.db, { processStatus: 'AwaitingGovt' });
    const storage = createLocalStorage(t.config.dataDir);
    const before = await storedFiles();
    // An address the outbox refuses makes the transaction fail after the file was stored.
    const failed = await uploadDocument(
      t.database.db,
      storage,
      {
        orderId: order.orderId,
        email: 'not an address',
        provider: 'AWS',
        content: await samplePdf(),
        ext: 'pdf',
        mime: 'application/pdf',
      },
      { ...member, role: 'Team' },
    ).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect(await storedFiles()).toEqual(before);
    expect(await t.database.db.select().from(documents)).toEqual([]);
    const [unchanged] = await t.database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(unchanged?.processStatus).toBe('AwaitingGovt');
  });
});

describe('POST /api/admin/resend-mail', () => {
  it('refuses an order without a document, then queues a resend with the latest document', async () => {
    const { token } = await t.signInAs('Team');
    const order = await insertOrder(t.database.db);
    const body = { orderId: order.orderId, email: 'again@example.org', mailServiceProvider: 'Sendgrid' };
    const none = await t.call({ method: 'POST', url: '/api/admin/resend-mail', token, payload: body });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ status: 0, message: NO_DOCUMENT_MESSAGE, code: 'REQUEST_REFUSED' });

    const uploaded = await upload(
      token,
      { orderId: String(order.orderId), email: 'first@example.org', mailServiceProvider: 'AWS' },
      { filename: 'a.pdf', contentType: 'application/pdf', content: await samplePdf() },
    );
    const { file1 } = uploaded.json().data;
    const response = await t.call({ method: 'POST', url: '/api/admin/resend-mail', token, payload: body });
    expect(response.json()).toMatchObject({ status: 1, message: 'The e-mail has been queued for delivery.' });
    const [mail] = await t.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.id, response.json().data.mailId));
    expect(mail).toMatchObject({ kind: 'resend', provider: 'Sendgrid', toAddress: 'again@example.org' });
    expect(mail?.attachments[0]?.file1).toBe(file1);

    const badEmail = await t.call({
      method: 'POST',
      url: '/api/admin/resend-mail',
      token,
      payload: { ...body, email: '' },
    });
    expect(badEmail.json()).toEqual({ status: 0, message: 'Please enter your email', code: 'VALIDATION_FAILED' });
    const unknown = await t.call({
      method: 'POST',
      url: '/api/admin/resend-mail',
      token,
      payload: { ...body, orderId: 999999 },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/admin/documents/:orderId/:file1', () => {
  it('serves the document to staff only, as an attachment that is never sniffed or cached', async () => {
    const { token } = await t.signInAs('Team');
    const order = await insertOrder(t.database.db);
    const other = await insertOrder(t.database.db);
    const pdf = await samplePdf();
    const uploaded = await upload(
      token,
      { orderId: String(order.orderId), email: 'a@example.org', mailServiceProvider: 'AWS' },
      { filename: 'a.pdf', contentType: 'application/pdf', content: pdf },
    );
    const { file1 } = uploaded.json().data;
    const url = `/api/admin/documents/${order.orderId}/${file1}`;

    const response = await t.call({ method: 'GET', url, token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="NZeTA-${order.orderId}.pdf"`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.equals(pdf)).toBe(true);

    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    const wrongOrder = await t.call({ method: 'GET', url: `/api/admin/documents/${other.orderId}/${file1}`, token });
    expect(wrongOrder.statusCode).toBe(404);
    const traversal = await t.call({
      method: 'GET',
      url: `/api/admin/documents/${order.orderId}/..%2F..%2Fjwt-secret`,
      token,
    });
    expect(traversal.statusCode).toBe(400);
  });
});
