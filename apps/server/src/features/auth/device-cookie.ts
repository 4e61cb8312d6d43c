import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's device cookie: a browser that once signed in to an account carries a signed cookie
 * naming that account, and is not held back by the per-address limits or an account lock that
 * someone else's guesses caused. Its own failures count against the cookie (login-device:nonce).
 */
export const DEVICE_COOKIE = 'nzeta_device';
const MAX_AGE_DAYS = 180;

export interface DeviceCookie {
  /** the account's e-mail, lower-case */
  account: string;
  nonce: string;
}

function sign(payload: string, secret: Uint8Array): string {
  return createHmac('sha256', Buffer.from(secret)).update(`device:${payload}`).digest('base64url');
}

export function issueDeviceCookie(account: string, secret: Uint8Array): { value: string; nonce: string } {
  const nonce = randomBytes(16).toString('base64url');
  const payload = `${Buffer.from(account.toLowerCase()).toString('base64url')}.${nonce}.${Date.now()}`;
  return { value: `${payload}.${sign(payload, secret)}`, nonce };
}

/** The cookie's account and nonce when its signature holds and it is younger than 180 days. */
export function readDeviceCookie(value: string | undefined, secret: Uint8Array): DeviceCookie | undefined {
  const parts = value?.split('.');
  if (parts?.length !== 4) return undefined;
  const [account, nonce, issued, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(sign(`${account}.${nonce}.${issued}`, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (!(Date.now() - Number(issued) < MAX_AGE_DAYS * 86_400_000)) return undefined;
  return { account: Buffer.from(account, 'base64url').toString(), nonce };
}

/** The cookie named `name` in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** Set-Cookie for the sign-in route only: no other request carries it. */
export function deviceCookieHeader(value: string, secure: boolean): string {
  const attributes = [`Max-Age=${MAX_AGE_DAYS * 86_400}`, 'Path=/api/admin/admin-login', 'HttpOnly', 'SameSite=Strict'];
  return [`${DEVICE_COOKIE}=${value}`, ...attributes, ...(secure ? ['Secure'] : [])].join('; ');
}
