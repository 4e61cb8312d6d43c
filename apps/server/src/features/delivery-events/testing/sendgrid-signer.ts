import { generateKeyPairSync, sign } from 'node:crypto';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../sendgrid-signature';

/** A P-256 key pair as SendGrid's signed Event Webhook uses, generated per test file. */
export function createSendgridSigner() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    /** as SendGrid shows it: base64 of the DER public key */
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    /** the two headers SendGrid adds, for this exact body */
    headers(payload: string, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
      const signature = sign('sha256', Buffer.from(`${timestamp}${payload}`, 'utf8'), {
        key: privateKey,
        dsaEncoding: 'der',
      });
      return {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signature.toString('base64'),
        [TIMESTAMP_HEADER]: String(timestamp),
      };
    },
  };
}
