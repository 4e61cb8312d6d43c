import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderWithDocument } from '../../src/features/visitor/visitor-test-helpers';
import { signVisitorToken } from '../../src/features/visitor/visitor-token';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

/** A staff-shaped token with our claims, signed however the attacker likes. */
function staffJwt(claims: Record<string, unknown>) {
  return new SignJWT(claims)
    .setIssuer('nzeta-backoffice')
    .setAudience('staff')
    .setSubject(String((claims.user as { id: number }).id))
    .setIssuedAt();
}

const asStaff = (token: string, url = '/api/admin/get-team-member-list') =>
  t.call({ method: 'GET', url, headers: { authorization: token } });

describe('forged and revoked tokens', () => {
  it('are all refused', async () => {
    const admin = await t.signInAs('Admin');
    const team = await t.signInAs('Team');
    const adminUser = { id: admin.id, name: admin.name, type: 'Admin' };
    const claims = decode(team.token);
    const [header, , signature] = team.token.split('.');
    const secret = t.config.jwtSecret;
    const otherKey = new TextEncoder().encode('a-different-secret-that-is-long-enough-to-sign');
    const rsa = await generateKeyPair('RS256');
    const document = await orderWithDocument(t);
    const visitor = await signVisitorToken(document.order.orderId, secret);

    /** Each kind: a token and where to try it; the answer must be 401 or 403. */
    const kinds: Array<{ kind: string; token: () => Promise<string>; url?: string; method?: 'POST' }> = [
      {
        kind: 'alg none',
        token: async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, user: adminUser })}.`,
      },
      {
        kind: 'signed with another key',
        token: () =>
          staffJwt({ user: adminUser, ver: 0 })
            .setProtectedHeader({ alg: 'HS256' })
            .setExpirationTime('1h')
            .sign(otherKey),
      },
      {
        kind: 'HS512 with the right key (algorithm not allowed)',
        token: () =>
          staffJwt({ user: adminUser, ver: 0 })
            .setProtectedHeader({ alg: 'HS512' })
            .setExpirationTime('1h')
            .sign(secret),
      },
      {
        kind: 'RS256 with the public key embedded in the header',
        token: async () =>
          staffJwt({ user: adminUser, ver: 0 })
            .setProtectedHeader({ alg: 'RS256', jwk: await exportJWK(rsa.publicKey) })
            .setExpirationTime('1h')
            .sign(rsa.privateKey),
      },
      {
        kind: 'expired',
        token: () =>
          staffJwt({ user: adminUser, ver: 0 })
            .setProtectedHeader({ alg: 'HS256' })
            .setExpirationTime(Math.floor(Date.now() / 1000) - 5)
            .sign(secret),
      },
      {
        kind: 'no expiry',
        token: () => staffJwt({ user: adminUser, ver: 0 }).setProtectedHeader({ alg: 'HS256' }).sign(secret),
      },
      {
        kind: 'tampered payload (Team made Admin)',
        token: async () =>
          `${header}.${b64({ ...claims, user: { ...(claims.user as object), type: 'Admin' } })}.${signature}`,
      },
      {
        kind: 'wrong issuer',
        token: () =>
          new SignJWT({ user: adminUser, ver: 0 })
            .setProtectedHeader({ alg: 'HS256' })
            .setIssuer('someone-else')
            .setAudience('staff')
            .setExpirationTime('1h')
            .sign(secret),
      },
      {
        kind: 'wrong audience: a visitor token on a staff route',
        token: async () => visitor,
        url: '/api/user_info',
      },
      {
        kind: 'wrong audience: a staff token on a visitor route',
        token: async () => admin.token,
        url: '/api/front/get-download-history',
        method: 'POST',
      },
      {
        kind: 'a token in the query string of a route that takes none',
        token: async () => '',
        url: `/api/user_info?token=${encodeURIComponent(admin.token)}`,
      },
    ];

    const revocations: Array<{
      kind: string;
      revoke: (member: Awaited<ReturnType<TestApp['signInAs']>>) => Promise<unknown>;
    }> = [
      {
        kind: 'revoked by logout',
        revoke: (m) => t.call({ method: 'POST', url: '/api/admin/logout', token: m.token }),
      },
      {
        kind: 'revoked by a password change',
        revoke: (m) =>
          t.call({
            method: 'POST',
            url: '/api/admin/change-password',
            token: m.token,
            payload: { newPassword: 'harakeke-9' },
          }),
      },
      {
        kind: 'revoked by a role change',
        revoke: (m) =>
          t.call({
            method: 'POST',
            url: '/api/admin/update-team-member',
            token: admin.token,
            payload: { name: m.name, email: m.email, password: '', type: 'Telecaller', tmId: m.id },
          }),
      },
      {
        kind: 'revoked by deleting the member',
        revoke: (m) =>
          t.call({
            method: 'PUT',
            url: '/api/admin/delete-team-member',
            token: admin.token,
            payload: { teamMemberId: m.id },
          }),
      },
      {
        kind: 'revoked by an Admin resetting the password',
        revoke: (m) =>
          t.call({
            method: 'POST',
            url: '/api/admin/update-team-member',
            token: admin.token,
            payload: { name: m.name, email: m.email, password: 'new-pass-1', type: 'Manager', tmId: m.id },
          }),
      },
    ];

    const accepted: string[] = [];
    let tried = 0;
    for (const { kind, token, url, method } of kinds) {
      const forged = await token();
      const answer = await t.call({
        method: method ?? 'GET',
        url: url ?? '/api/admin/get-team-member-list',
        headers: forged ? { authorization: forged } : {},
        ...(method === 'POST' ? { payload: { orderId: String(document.order.orderId) } } : {}),
      });
      tried += 1;
      if (answer.statusCode !== 401 && answer.statusCode !== 403) accepted.push(`${kind}: ${answer.statusCode}`);
    }
    for (const { kind, revoke } of revocations) {
      const member = await t.signInAs('Manager');
      expect((await asStaff(member.token)).statusCode, `${kind}: valid before`).toBe(200);
      await revoke(member);
      const answer = await asStaff(member.token);
      tried += 1;
      if (answer.statusCode !== 401) accepted.push(`${kind}: ${answer.statusCode}`);
    }

    report(`forged tokens accepted: ${accepted.length} of ${tried} kinds`);
    expect(accepted).toEqual([]);
    expect(tried).toBeGreaterThanOrEqual(15);
    // The real tokens still work: the refusals are not a broken verifier.
    expect((await asStaff(admin.token)).statusCode).toBe(200);
  });
});

describe('the tokens the server issues', () => {
  it('are HS256, for the staff audience, with an absolute lifetime of 12 hours', async () => {
    const member = await t.signInAs('Team');
    const signIn = await t.call({
      method: 'POST',
      url: '/api/admin/admin-login',
      payload: { email: member.email, password: member.password },
    });
    const token = signIn.json().jwtToken as string;
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString());
    const claims = decode(token);
    expect(header.alg).toBe('HS256');
    expect(claims).toMatchObject({ aud: 'staff', iss: 'nzeta-backoffice', ver: 0 });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(12 * 3600);
    // The payload carries no secret: anyone holding the token can read it.
    expect(JSON.stringify(claims)).not.toMatch(/password|argon|mfa/i);
  });

  it('tell the console its idle timeout (30 minutes by default)', async () => {
    const config = (await t.call({ method: 'GET', url: '/api/app-config' })).json();
    expect(config.data.idleTimeoutMinutes).toBe(30);
  });
});
