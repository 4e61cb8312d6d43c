import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type BackgroundJobs, startBackgroundJobs } from '../../background-jobs';
import { insertOrder } from '../../db/factories';
import { orders } from '../../db/schema';
import { type CaptureServer, startCaptureServer } from '../mail/testing/capture-server';
import { deliverUntilSettled } from '../mail/testing/deliver';
import { multipart } from './testing/multipart';
import { samplePdf } from './testing/sample-files';

let t: TestApp;
let jobs: BackgroundJobs;
let sendgrid: CaptureServer;
beforeAll(async () => {
  // SendGrid answers 500 to everything: an outage, not a refusal.
  sendgrid = await startCaptureServer(() => ({ status: 500, body: { errors: [{ message: 'service unavailable' }] } }));
  t = await createTestApp({ SENDGRID_API_KEY: 'SG.outage-test', SENDGRID_API_URL: sendgrid.url });
  jobs = await startBackgroundJobs(t.app);
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
  await sendgrid.close();
});
beforeEach(async () => {
  await t.database.reset();
  sendgrid.requests.length = 0;
});

describe('an approval e-mail the provider keeps refusing', () => {
  it('is retried, then shown as failed in Email History, and the order stays Pending', async () => {
    const member = await t.signInAs('Team');
    const order = await insertOrder(t.database.db);
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
    const { mailId } = uploaded.json().data;

    // The backoff waits minutes between attempts; the test makes each retry due at once.
    const failed = await deliverUntilSettled(jobs.mailWorker, t.database.db, mailId, { retryNow: true });
    expect(failed).toMatchObject({ state: 'failed', attempts: 5 });
    expect(failed?.lastError).toContain('SendGrid 500');
    expect(sendgrid.requests.filter((r) => r.path === '/v3/mail/send')).toHaveLength(5);

    const [pending] = await t.database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(pending?.processStatus).toBe('Pending');
    const detail = await t.call({
      method: 'GET',
      url: `/api/admin/get-orders-details/${order.orderId}`,
      token: member.token,
    });
    expect(detail.json().data.mailHistory).toEqual([
      expect.objectContaining({
        id: mailId,
        state: 'failed',
        attempts: 5,
        last_error: expect.stringContaining('SendGrid 500'),
        uploadDoc: expect.objectContaining({ mail_service_provider: 'Sendgrid' }),
      }),
    ]);
  });
});
