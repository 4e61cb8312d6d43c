import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/** Marks a value sealed by this module (AES-256-GCM); anything else is a legacy plaintext. */
const PREFIX = 'v1:';

/** A 32-byte key from MFA_ENCRYPTION_KEY, or derived from the signing key (outside production). */
export function secretBoxKey(configured: string | undefined, signingKey: Uint8Array): Buffer {
  if (configured) return createHash('sha256').update(configured).digest();
  return Buffer.from(hkdfSync('sha256', signingKey, Buffer.alloc(0), 'nzeta mfa secrets', 32));
}

export function isSealed(value: string): boolean {
  return value.startsWith(PREFIX);
}

export function seal(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
}

/** The plaintext; a legacy unsealed value is returned as it is (the start-up step seals those). */
export function open(value: string, key: Buffer): string {
  if (!isSealed(value)) return value;
  const [iv, tag, body] = value.slice(PREFIX.length).split('.') as [string, string, string];
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
