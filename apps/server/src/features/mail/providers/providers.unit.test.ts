import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AddressObject, simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CaptureServer, startCaptureServer } from '../testing/capture-server';
import { createTransports } from './create-transports';
import { createFileTransport } from './file';
import { createSendgridTransport } from './sendgrid';
import { createSesTransport } from './ses';
import { MailDeliveryError, type OutgoingMail } from './types';

const pdf = Buffer.from('%PDF-1.4\n% approved travel document\n%%EOF\n');
const message: OutgoingMail = {
  from: 'NZeTA Service <no-reply@example.com>',
  to: 'traveller@example.org',
  subject: 'Your NZeTA has been approved - Order 100001',
  html: '<p>Dear Ana, your <strong>NZeTA</strong> is attached.</p>',
  text: 'Dear Ana, your NZeTA is attached.',
  attachments: [{ filename: 'nzeta-100001.pdf', contentType: 'application/pdf', content: pdf }],
  idempotencyKey: 'mail-100001-approval-1',
};

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((a) => a.value.map((v) => v.address));

describe('SES transport (real SDK, local endpoint)', () => {
  let server: CaptureServer;
  beforeAll(async () => {
    server = await startCaptureServer(() => ({ status: 200, body: { MessageId: 'ses-0001' } }));
  });
  afterAll(() => server.close());
  const transport = () =>
    createSesTransport({
      region: 'ap-southeast-2',
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'secret',
      endpoint: server.url,
    });

  it('sends SendEmail with the raw MIME: recipient, sender, subject and attachment', async () => {
    expect(await transport().send(message)).toEqual({ providerMessageId: 'ses-0001' });
    const request = server.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v2/email/outbound-emails');
    expect(String(request.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\//);
    const body = JSON.parse(request.body.toString());
    expect(body.Destination.ToAddresses).toEqual(['traveller@example.org']);
    const parsed = await simpleParser(Buffer.from(body.Content.Raw.Data, 'base64'));
    expect(addresses(parsed.to)).toEqual(['traveller@example.org']);
    expect(addresses(parsed.from)).toEqual(['no-reply@example.com']);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.html).toContain('<strong>NZeTA</strong>');
    expect(parsed.headers.get('x-idempotency-key')).toBe(message.idempotencyKey);
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]?.filename).toBe('nzeta-100001.pdf');
    expect(parsed.attachments[0]?.content.equals(pdf)).toBe(true);
  });

  it('reports an outage as retryable and a rejected message as permanent', async () => {
    server.respondWith(() => ({
      status: 500,
      body: { message: 'internal' },
      headers: { 'x-amzn-ErrorType': 'InternalFailure' },
    }));
    const outage = await transport()
      .send(message)
      .catch((e: unknown) => e);
    expect(outage).toBeInstanceOf(MailDeliveryError);
    expect(outage).toMatchObject({ permanent: false, status: 500 });

    server.respondWith(() => ({
      status: 400,
      body: { message: 'Email address is not verified.' },
      headers: { 'x-amzn-ErrorType': 'MessageRejected' },
    }));
    expect(
      await transport()
        .send(message)
        .catch((e: unknown) => e),
    ).toMatchObject({ permanent: true, status: 400 });
  });
});

describe('SendGrid transport (real SDK, local base URL)', () => {
  let server: CaptureServer;
  beforeAll(async () => {
    server = await startCaptureServer(() => ({ status: 202, headers: { 'X-Message-Id': 'sg-0001' } }));
  });
  afterAll(() => server.close());
  const transport = () => createSendgridTransport({ apiKey: 'SG.test-key', baseUrl: server.url });

  it('posts /v3/mail/send with recipient, from, subject, attachment and the idempotency key', async () => {
    expect(await transport().send(message)).toEqual({ providerMessageId: 'sg-0001' });
    const request = server.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v3/mail/send');
    expect(request.headers.authorization).toBe('Bearer SG.test-key');
    expect(request.headers['idempotency-key']).toBe(message.idempotencyKey);
    const body = JSON.parse(request.body.toString());
    expect(body.personalizations[0].to).toEqual([{ email: 'traveller@example.org' }]);
    expect(body.from).toEqual({ email: 'no-reply@example.com', name: 'NZeTA Service' });
    expect(body.subject).toBe(message.subject);
    expect(body.content).toEqual([
      { type: 'text/plain', value: message.text },
      { type: 'text/html', value: message.html },
    ]);
    expect(body.attachments).toEqual([
      {
        filename: 'nzeta-100001.pdf',
        type: 'application/pdf',
        content: pdf.toString('base64'),
        disposition: 'attachment',
      },
    ]);
    expect(body.custom_args).toEqual({ idempotency_key: message.idempotencyKey });
  });

  it('reports 500 as retryable and 400 as permanent', async () => {
    server.respondWith(() => ({ status: 500, body: { errors: [{ message: 'boom' }] } }));
    expect(
      await transport()
        .send(message)
        .catch((e: unknown) => e),
    ).toMatchObject({ permanent: false, status: 500 });
    server.respondWith(() => ({ status: 400, body: { errors: [{ message: 'invalid to' }] } }));
    const rejected = await transport()
      .send(message)
      .catch((e: unknown) => e);
    expect(rejected).toMatchObject({ permanent: true, status: 400 });
    expect(String(rejected)).toContain('invalid to');
  });
});

describe('file transport', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'nzeta-mail-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('writes an .eml that a mail parser reads back with subject, html and attachment', async () => {
    const transport = createFileTransport(dataDir);
    const { providerMessageId } = await transport.send(message);
    expect(providerMessageId).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+Z-[0-9a-f]{12}\.eml$/);
    expect(await readdir(path.join(dataDir, 'mail'))).toEqual([providerMessageId]);
    const parsed = await simpleParser(await readFile(path.join(dataDir, 'mail', providerMessageId)));
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.html).toContain('your <strong>NZeTA</strong> is attached');
    expect(parsed.text?.trim()).toBe(message.text);
    expect(parsed.attachments[0]?.content.equals(pdf)).toBe(true);
  });
});

describe('createTransports', () => {
  it('uses the file transport for a provider without keys', () => {
    const transports = createTransports({ dataDir: tmpdir() });
    expect([transports.AWS.name, transports.Sendgrid.name]).toEqual(['file', 'file']);
  });

  it('uses SES and SendGrid when their keys are set', () => {
    const transports = createTransports({
      dataDir: tmpdir(),
      AWS_REGION: 'ap-southeast-2',
      AWS_SES_ACCESS_KEY_ID: 'AKIDTEST',
      AWS_SES_SECRET_ACCESS_KEY: 'secret',
      SENDGRID_API_KEY: 'SG.key',
    });
    expect([transports.AWS.name, transports.Sendgrid.name]).toEqual(['ses', 'sendgrid']);
  });
});
