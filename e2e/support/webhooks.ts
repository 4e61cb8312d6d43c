import { sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';

// Written by scripts/e2e-providers.mjs when the test server starts.
const signerFile = () => path.join(tmpdir(), `nzeta-e2e-${process.env.E2E_PORT ?? 3100}-webhook-signer.json`);

/** Posts a batch to the SendGrid Event Webhook, signed as SendGrid signs (P-256 over timestamp + body). */
export async function postSignedSendgridEvents(request: APIRequestContext, events: object[]) {
  const { privateKey } = JSON.parse(readFileSync(signerFile(), 'utf8')) as { privateKey: string };
  const payload = JSON.stringify(events);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign('sha256', Buffer.from(timestamp + payload), { key: privateKey, dsaEncoding: 'der' });
  return request.post('/api/webhooks/sendgrid', {
    headers: {
      'content-type': 'application/json',
      'x-twilio-email-event-webhook-signature': signature.toString('base64'),
      'x-twilio-email-event-webhook-timestamp': timestamp,
    },
    data: payload,
  });
}
