import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type BackgroundJobs, startBackgroundJobs } from '../../background-jobs';
import { insertOrder } from '../../db/factories';
import { mailMessages, orders, settings } from '../../db/schema';
import { type CaptureServer, startCaptureServer } from '../mail/testing/capture-server';
import { deliverUntilSettled } from '../mail/testing/deliver';
import { multipart } from '../order-detail/testing/multipart';
import { samplePdf } from '../order-detail/testing/sample-files';

let t: TestApp;
let jobs: BackgroundJobs;
let sendgrid: CaptureServer;
beforeAll(async () => {
  // SendGrid refuses every message for good (400): the other provider (the file transport) may not.
  sendgrid = await startCaptureServer(() => ({ status: 400, body: { errors: [{ message: 'rejected' }] } }));
  t = await createTestApp({ SENDGRID_API_KEY: 'SG.refusing', SENDGRID_API_URL: sendgrid.url });
  jobs = await startBackgroundJobs(t.app);
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
  await sendgrid.close();
});
beforeEach(() => t.database.reset());

async function uploadThroughSendgrid() {
  const member = await t.signInAs('Team');
  const order = await insertOrder(t.database.db, { processStatus: 'New' });
  const body = multipart(
    { orderId: String(order.orderId), email: 'traveller@example.org', mailServiceProvider: 'Sendgrid' },
    { field: 'uploadVisaDoc', filename: 'a.pdf', contentType: 'application/pdf', content: await samplePdf() },
  );
  const uploaded = await t.call({
    method: 'POST',
    url: '/api/admin/upload-visa-document',
    token: member.token,
    ...body,
  });
  return { orderId: order.orderId, mailId: uploaded.json().data.mailId as number };
}

describe('automatic fallback when the provider refuses', () => {
  it('with the setting on, re-sends through the other provider, which completes the order', async () => {
    await t.database.db.insert(settings).values({ key: 'autoMailFallback', value: true });
    const { orderId, mailId } = await uploadThroughSendgrid();
    const refused = await deliverUntilSettled(jobs.mailWorker, t.database.db, mailId);
    expect(refused.state).toBe('failed');
    const [fallback] = await t.database.db.select().from(mailMessages).where(eq(mailMessages.fallbackOf, mailId));
    expect(fallback).toMatchObject({ provider: 'AWS', kind: 'resend', createdBy: null });
    expect(await deliverUntilSettled(jobs.mailWorker, t.database.db, fallback?.id ?? 0)).toMatchObject({
      state: 'sent',
    });
    const [completed] = await t.database.db.select().from(orders).where(eq(orders.orderId, orderId));
    expect(completed?.processStatus).toBe('Completed');
  });

  it('with the setting off, leaves the re-send to a member', async () => {
    const { mailId } = await uploadThroughSendgrid();
    expect(await deliverUntilSettled(jobs.mailWorker, t.database.db, mailId)).toMatchObject({ state: 'failed' });
    expect(await t.database.db.$count(mailMessages, eq(mailMessages.fallbackOf, mailId))).toBe(0);
  });
});
