import { describe, expect, it } from 'vitest';
import { userFromToken } from './session';

/** A token as the server signs it: base64url of the UTF-8 JSON payload (the signature is not read here). */
function tokenFor(payload: object): string {
  const segment = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `header.${segment}.signature`;
}

describe('userFromToken', () => {
  it('reads a name outside ASCII as it was signed', () => {
    const token = tokenFor({ user: { id: 3, name: 'Zoë Łukasz Đặng Юлия', type: 'Manager' } });
    expect(userFromToken(token)).toEqual({ id: 3, name: 'Zoë Łukasz Đặng Юлия', type: 'Manager' });
  });

  it('refuses an expired token, a payload without a user and a segment that is not base64', () => {
    const user = { id: 3, name: 'Ava', type: 'Team' };
    expect(userFromToken(tokenFor({ user, exp: Math.floor(Date.now() / 1000) - 60 }))).toBeNull();
    expect(userFromToken(tokenFor({ exp: Math.floor(Date.now() / 1000) + 60 }))).toBeNull();
    expect(userFromToken('header.%%%.signature')).toBeNull();
    expect(userFromToken(undefined)).toBeNull();
  });
});
