import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailEvents, mailMessages, orders, remarks } from '../../db/schema';
import { sentApprovalMail } from './testing/sent-mail';
import { createSnsSigner, type SnsFields } from './testing/sns-signer';

const REGION = 'ap-southeast-2';
const TOPIC = `arn:aws:sns:${REGION}:123456789012:nzeta-ses-events`;
let sns: Awaited<ReturnType<typeof createSnsSigner>>;
let t: TestApp;
beforeAll(async () => {
  sns = await createSnsSigner(REGION);
  t = await createTestApp({ SES_SNS_TOPIC_ARN: TOPIC }, { fetchText: (url) => sns.fetchText(url) });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.reset();
  sns.fetched.length = 0;
});

function notification(message: object, fields: Partial<SnsFields> = {}): SnsFields {
  return {
    Type: 'Notification',
    MessageId: randomUUID(),
    TopicArn: TOPIC,
    Message: JSON.stringify(message),
    Timestamp: new Date().toISOString(),
    ...fields,
  } as SnsFields;
}

const sesBounce = (mailId: number, messageId: string) => ({
  eventType: 'Bounce',
  mail: { messageId, timestamp: new Date().toISOString(), tags: { mail_id: [String(mailId)] } },
  bounce: {
    bounceType: 'Permanent',
    bounceSubType: 'NoEmail',
    timestamp: new Date().toISOString(),
    feedbackId: randomUUID(),
    bouncedRecipients: [{ diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
  },
});

const post = (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/ses',
    // SNS posts JSON as text/plain.
    headers: { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': 'Notification' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /api/webhooks/ses with a generated signing certificate', () => {
  it('accepts a signed SES bounce (signature versions 1 and 2) and applies its effects once', async () => {
    const { order, mail, providerMessageId } = await sentApprovalMail(t, { transport: 'ses' });
    const signed = sns.sign(notification(sesBounce(mail.id, providerMessageId)));
    const first = await post(signed);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ stored: 1, ignored: 0 });
    expect((await post(signed)).json().data).toEqual({ stored: 0, ignored: 1 });
    const v1 = sns.sign(
      notification({
        eventType: 'Open',
        mail: { messageId: providerMessageId },
        open: { timestamp: new Date().toISOString() },
      }),
      {
        version: '1',
      },
    );
    expect((await post(v1)).json().data).toEqual({ stored: 1, ignored: 0 });

    const db = t.database.db;
    const [row] = await db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(row?.processStatus).toBe('Contact Customer');
    const [message] = await db.select().from(mailMessages).where(eq(mailMessages.id, mail.id));
    expect(message).toMatchObject({ deliveryState: 'bounced', deliveryReason: 'mailbox does not exist' });
    expect(message?.openedAt).not.toBeNull();
    const comments = await db.select().from(remarks).where(eq(remarks.orderId, order.orderId));
    expect(comments.map((c) => c.remark)).toEqual(['Approval e-mail bounced: mailbox does not exist']);
    // The certificate was fetched once and cached.
    expect(sns.fetched).toEqual([sns.certUrl]);
  });

  it('refuses a tampered message, another topic, another certificate host and a forged signature; stores nothing', async () => {
    const { mail, providerMessageId } = await sentApprovalMail(t, { transport: 'ses' });
    const fields = notification(sesBounce(mail.id, providerMessageId));
    const signed = sns.sign(fields);
    const tampered = { ...signed, Message: signed.Message.replace('NoEmail', 'General') };
    const otherTopic = sns.sign({ ...fields, TopicArn: `arn:aws:sns:${REGION}:123456789012:someone-else` });
    const hosts = [
      `https://sns.us-east-1.amazonaws.com/SimpleNotificationService-1.pem`,
      `https://attacker.example.com/sns.${REGION}.amazonaws.com.pem`,
      `http://sns.${REGION}.amazonaws.com/SimpleNotificationService-1.pem`,
      `https://sns.${REGION}.amazonaws.com.attacker.example/x.pem`,
      `https://sns.${REGION}.amazonaws.com:8443/x.pem`,
    ].map((certUrl) => sns.sign(fields, { certUrl }));
    const forged = { ...signed, Signature: Buffer.from('forged').toString('base64') };
    for (const body of [tampered, otherTopic, ...hosts, forged, 'not json', { Type: 'Notification' }]) {
      const answer = await post(body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(403);
      expect(answer.json()).toEqual({ status: 0, message: 'Invalid signature.', code: 'INVALID_SIGNATURE' });
    }
    expect(await t.database.db.$count(mailEvents)).toBe(0);
    expect(await t.database.db.$count(remarks)).toBe(0);
    // Only SNS's own certificate URL was ever fetched.
    expect(sns.fetched.every((url) => url === sns.certUrl)).toBe(true);
  });

  it('confirms a subscription of the configured topic only, through the injected fetcher', async () => {
    const confirmation = (topic: string, subscribeUrl: string) =>
      sns.sign({
        Type: 'SubscriptionConfirmation',
        MessageId: randomUUID(),
        Token: 'token-1',
        TopicArn: topic,
        Message: 'You have chosen to subscribe to the topic.',
        SubscribeURL: subscribeUrl,
        Timestamp: new Date().toISOString(),
      } as SnsFields);
    const good = `https://sns.${REGION}.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${TOPIC}&Token=token-1`;
    const other = `arn:aws:sns:${REGION}:123456789012:other-topic`;
    expect((await post(confirmation(other, good))).statusCode).toBe(403);
    expect((await post(confirmation(TOPIC, 'https://attacker.example.com/confirm'))).statusCode).toBe(403);
    expect(sns.fetched.filter((url) => !url.endsWith('.pem'))).toEqual([]);
    const answer = await post(confirmation(TOPIC, good));
    expect(answer.statusCode).toBe(200);
    expect(sns.fetched.filter((url) => !url.endsWith('.pem'))).toEqual([good]);
  });

  it('answers 403 to everything when no topic is configured', async () => {
    const bare = await createTestApp({}, { database: t.database, fetchText: (url) => sns.fetchText(url) });
    try {
      const answer = await bare.app.inject({
        method: 'POST',
        url: '/api/webhooks/ses',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify(sns.sign(notification({ eventType: 'Delivery', mail: { messageId: 'x' } }))),
      });
      expect(answer.statusCode).toBe(403);
    } finally {
      await bare.close();
    }
  });
});
