import { createPublicKey, type KeyObject, verify } from 'node:crypto';

/** SendGrid signs each batch when it is sent: older than this is a replay. */
export const MAX_SIGNATURE_AGE_SECONDS = 5 * 60;

export const SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
export const TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';

const keys = new Map<string, KeyObject>();

/** The verification key as SendGrid's settings page shows it: base64 of the DER public key. */
function publicKeyOf(base64: string): KeyObject {
  let key = keys.get(base64);
  if (!key) {
    key = createPublicKey({ key: Buffer.from(base64.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
    keys.set(base64, key);
  }
  return key;
}

export interface SendgridSignedRequest {
  publicKey: string | undefined;
  signature: string | undefined;
  timestamp: string | undefined;
  /** the raw body exactly as received */
  payload: string;
  nowSeconds?: number;
}

/**
 * SendGrid's signed Event Webhook: ECDSA P-256 with SHA-256 over the timestamp header followed
 * by the raw body, the signature base64 DER (docs: "Getting Started with the Event Webhook
 * Security Features"). False for anything missing, malformed, wrong or older than 5 minutes.
 */
export function verifySendgridSignature(request: SendgridSignedRequest): boolean {
  const { publicKey, signature, timestamp, payload } = request;
  if (!publicKey || !signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  const now = request.nowSeconds ?? Math.floor(Date.now() / 1000);
  // A small allowance for clocks ahead of ours; anything older than the limit is refused.
  if (Math.abs(now - Number(timestamp)) > MAX_SIGNATURE_AGE_SECONDS) return false;
  try {
    return verify(
      'sha256',
      Buffer.concat([Buffer.from(timestamp, 'utf8'), Buffer.from(payload, 'utf8')]),
      { key: publicKeyOf(publicKey), dsaEncoding: 'der' },
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}
