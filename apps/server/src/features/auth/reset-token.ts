import { createHash, randomBytes } from 'node:crypto';

/** A reset link's secret: only its hash is stored, so a database leak exposes no usable link. */
export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
