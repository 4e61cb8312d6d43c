import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type BackgroundJobs, startBackgroundJobs } from '../../background-jobs';
import { insertOrder } from '../../db/factories';
import { orders, settings } from '../../db/schema';
import type { StaffNotice } from '../../lib/event-hub';
import { type CaptureServer, startCaptureServer } from '../mail/testing/capture-server';
import { deliverUntilSettled } from '../mail/testing/deliver';
import { multipart } from '../order-detail/testing/multipart';
import { samplePdf } from '../order-detail/testing/sample-files';
import { createSendgridSigner } from './testing/sendgrid-signer';
import { createSnsSigner, type SnsFields } from './testing/sns-signer';

const REGION = 'ap-southeast-2';
const TOPIC = `arn:aws:sns:${REGION}:123456789012:nzeta-ses-events`;
const sendgridSigner = createSendgridSigner();
let sns: Awaited<ReturnType<typeof createSnsSigner>>;
let sendgrid: CaptureServer;
let ses: CaptureServer;
let t: TestApp;
let jobs: BackgroundJobs;
const notices: StaffNotice[] = [];

beforeAll(async () => {
  sns = await createSnsSigner(REGION);
  sendgrid = await startCaptureServer(() => ({ status: 202, headers: { 'X-Message-Id': `sg${randomUUID()}` } }));
  ses = await startCaptureServer(() => ({ status: 200, body: { MessageId: `ses-${randomUUID()}` } }));
  t = await createTestApp(
    {
      SENDGRID_API_KEY: 'SG.round-trip',
      SENDGRID_API_URL: sendgrid.url,
      SENDGRID_WEBHOOK_PUBLIC_KEY: sendgridSigner.publicKey,
      AWS_REGION: REGION,
      AWS_SES_ACCESS_KEY_ID: 'AKIDTEST',
      AWS_SES_SECRET_ACCESS_KEY: 'secret',
      AWS_SES_ENDPOINT: ses.url,
      SES_CONFIGURATION_SET: 'nzeta-events',
      SES_SNS_TOPIC_ARN: TOPIC,
      PUBLIC_APP_URL: 'https://office.example.com',
    },
    { fetchText: (url) => sns.fetchText(url) },
  );
  jobs = await startBackgroundJobs(t.app);
  t.app.ctx.events.onNotice((notice) => notices.push(notice));
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
  await sendgrid.close();
  await ses.close();
});
beforeEach(async () => {
  await t.database.reset();
  notices.length = 0;
});

/** Uploads a document as staff would and lets the worker hand the approval e-mail to the provider. */
async function uploadAndSend(provider: 'Sendgrid' | 'AWS') {
  const member = await t.signInAs('Team');
  const order = await insertOrder(t.database.db, { processStatus: 'New' });
  const body = multipart(
    { orderId: String(order.orderId), email: 'traveller@example.org', mailServiceProvider: provider },
    { field: 'uploadVisaDoc', filename: 'a.pdf', contentType: 'application/pdf', content: await samplePdf() },
  );
  const uploaded = await t.call({
    method: 'POST',
    url: '/api/admin/upload-visa-document',
    token: member.token,
    ...body,
  });
  expect(uploaded.statusCode).toBe(200);
  const { mailId } = uploaded.json().data as { mailId: number };
  await deliverUntilSettled(jobs.mailWorker, t.database.db, mailId);
  const status = async () =>
    (await t.database.db.select().from(orders).where(eq(orders.orderId, order.orderId)))[0]?.processStatus;
  expect(await status()).toBe('Completed');
  const detail = async () =>
    (await t.call({ method: 'GET', url: `/api/admin/get-orders-details/${order.orderId}`, token: member.token })).json()
      .data;
  return { orderId: order.orderId, mailId, status, detail };
}

describe('through the real SendGrid SDK and a signed Event Webhook', () => {
  it('upload → accepted with mail_id → signed bounce → Contact Customer, flagged comment, Email History, notice', async () => {
    await t.database.db
      .insert(settings)
      .values({ key: 'support', value: { phone: '+64 9 111', email: 'help@example.com' } });
    const sent = await uploadAndSend('Sendgrid');
    const request = JSON.parse(sendgrid.requests.at(-1)!.body.toString());
    expect(request.custom_args.mail_id).toBe(String(sent.mailId));
    expect(request.reply_to).toEqual({ email: 'help@example.com' });
    const html = request.content.find((c: { type: string }) => c.type === 'text/html').value as string;
    expect(html).toMatch(new RegExp(`NZeTA-${sent.orderId}\\.pdf \\(\\d+ (bytes|KB)\\)`));
    expect(html).toContain(`https://office.example.com/track-order/${sent.orderId}`);

    const batch = JSON.stringify([
      {
        event: 'processed',
        timestamp: Math.floor(Date.now() / 1000),
        sg_event_id: randomUUID(),
        mail_id: String(sent.mailId),
      },
      {
        event: 'bounce',
        type: 'bounce',
        reason: 'mailbox does not exist',
        timestamp: Math.floor(Date.now() / 1000),
        sg_event_id: randomUUID(),
        mail_id: String(sent.mailId),
      },
    ]);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/sendgrid',
      payload: batch,
      headers: sendgridSigner.headers(batch),
    });
    expect(answer.statusCode).toBe(200);
    expect(await sent.status()).toBe('Contact Customer');
    const detail = await sent.detail();
    expect(detail.remark[0]).toMatchObject({
      remark: 'Approval e-mail bounced: mailbox does not exist',
      report_error: 'Y',
    });
    expect(detail.mailHistory[0]).toMatchObject({
      id: sent.mailId,
      state: 'sent',
      delivery_state: 'bounced',
      delivery_reason: 'mailbox does not exist',
      events: [
        expect.objectContaining({ event: 'processed' }),
        expect.objectContaining({ event: 'bounce', bounce_type: 'hard' }),
      ],
    });
    // On PostgreSQL the notice comes back through LISTEN/NOTIFY, a moment after the answer.
    await expect
      .poll(() => notices)
      .toEqual([
        {
          orderId: sent.orderId,
          message: `Order ${sent.orderId}: Approval e-mail bounced: mailbox does not exist (moved to Contact Customer)`,
        },
      ]);
  });
});

describe('through the real SES SDK and SNS-published events', () => {
  it('upload → tagged with mail_id and the configuration set → delivered + open → stays Completed', async () => {
    const sent = await uploadAndSend('AWS');
    const request = JSON.parse(ses.requests.at(-1)!.body.toString());
    expect(request.ConfigurationSetName).toBe('nzeta-events');
    expect(request.EmailTags).toEqual([{ Name: 'mail_id', Value: String(sent.mailId) }]);
    const mime = await simpleParser(Buffer.from(request.Content.Raw.Data, 'base64'));
    expect(mime.replyTo?.text).toBe('support@example.com');

    const publish = (event: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/ses',
        headers: { 'content-type': 'text/plain; charset=UTF-8' },
        payload: JSON.stringify(
          sns.sign({
            Type: 'Notification',
            MessageId: randomUUID(),
            TopicArn: TOPIC,
            Message: JSON.stringify(event),
            Timestamp: new Date().toISOString(),
          } as SnsFields),
        ),
      });
    const mail = { messageId: 'from-ses', tags: { mail_id: [String(sent.mailId)] } };
    const deliveredAt = new Date(Date.now() - 60_000).toISOString();
    const openedAt = new Date().toISOString();
    expect((await publish({ eventType: 'Open', mail, open: { timestamp: openedAt } })).statusCode).toBe(200);
    expect((await publish({ eventType: 'Delivery', mail, delivery: { timestamp: deliveredAt } })).statusCode).toBe(200);
    expect(await sent.status()).toBe('Completed');
    const entry = (await sent.detail()).mailHistory[0];
    expect(entry).toMatchObject({ delivery_state: 'delivered', delivery_state_at: deliveredAt, opened_at: openedAt });
    expect(entry.events.map((e: { event: string }) => e.event)).toEqual(['delivered', 'open']);
    expect(notices).toEqual([]);
  });
});
