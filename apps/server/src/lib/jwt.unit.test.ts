import { afterEach, describe, expect, it, vi } from 'vitest';
import { signToken, type TokenKind, verifyToken } from './jwt';

const KIND: TokenKind = { issuer: 'nzeta-test', audience: 'test', requiredClaims: ['exp', 'iat'] };
const secret = new TextEncoder().encode('a test secret of thirty-two bytes or more');

afterEach(() => {
  vi.useRealTimers();
});

describe('verifyToken', () => {
  it('still ends a token at its expiry once it was verified and kept', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-26T10:00:00Z'));
    const token = signToken({ sub: '1' }, secret, KIND, 60_000);
    expect(verifyToken(token, secret, KIND)?.sub).toBe('1');
    vi.setSystemTime(new Date('2026-11-26T10:00:59Z'));
    expect(verifyToken(token, secret, KIND)?.sub).toBe('1');
    vi.setSystemTime(new Date('2026-11-26T10:01:01Z'));
    expect(verifyToken(token, secret, KIND)).toBeUndefined();
  });

  it('keeps no failure: a token refused for another kind or secret is refused every time', () => {
    const token = signToken({ sub: '2' }, secret, KIND, 60_000);
    const other = new TextEncoder().encode('another secret of thirty-two bytes or more');
    for (let i = 0; i < 2; i++) {
      expect(verifyToken(token, other, KIND)).toBeUndefined();
      expect(verifyToken(token, secret, { ...KIND, audience: 'staff' })).toBeUndefined();
      expect(verifyToken(`${token.slice(0, -2)}xx`, secret, KIND)).toBeUndefined();
    }
    expect(verifyToken(token, secret, KIND)?.sub).toBe('2');
  });

  it('refuses a token one character away from one it verified and kept', () => {
    const token = signToken({ sub: '3' }, secret, KIND, 60_000);
    expect(verifyToken(token, secret, KIND)?.sub).toBe('3');
    const [header = '', payload = '', signature = ''] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '4' }),
    ).toString('base64url');
    expect(verifyToken(`${header}.${forgedPayload}.${signature}`, secret, KIND)).toBeUndefined();
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(verifyToken(`${header}.${payload}.${flipped}`, secret, KIND)).toBeUndefined();
    expect(verifyToken(token, secret, KIND)?.sub).toBe('3');
  });

  it('answers a kept token without checking its signature again', () => {
    const token = signToken({ sub: '5' }, secret, KIND, 60_000);
    const first = verifyToken(token, secret, KIND);
    expect(first?.sub).toBe('5');
    // The same claims object: the answer came from what was kept, not from a second check.
    expect(verifyToken(token, secret, KIND)).toBe(first);
  });
});
