import { ROLES } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertStaff } from '../../db/factories';
import { staff } from '../../db/schema';
import { INVALID_CREDENTIALS } from './sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const login = (payload: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  t.call({ method: 'POST', url: '/api/admin/admin-login', payload, remoteAddress });
const userInfo = (authorization?: string) =>
  t.call({ method: 'GET', url: '/api/user_info', headers: authorization ? { authorization } : {} });

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('POST /api/admin/admin-login', () => {
  it('answers the envelope with the user and a token that works', async () => {
    const member = await insertStaff(t.database.db, { type: 'Telecaller', password: 'harakeke-7' });
    const response = await login({ email: member.email.toUpperCase(), password: 'harakeke-7' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      status: 1,
      message: 'Login successful.',
      data: { user: { id: member.id, name: member.name, type: 'Telecaller' } },
      jwtToken: expect.any(String),
    });
    expect(response.body).not.toContain('harakeke-7');
    expect(response.body).not.toContain('$argon2');
    const info = await userInfo(body.jwtToken as string);
    expect(info.json()).toEqual({
      status: 1,
      message: 'OK',
      data: { user: { id: member.id, name: member.name, type: 'Telecaller' } },
    });
  });

  it('answers 401 {status:401}, the same for an unknown e-mail and a wrong password (DESIGN §4)', async () => {
    const member = await insertStaff(t.database.db, { type: 'Team' });
    const unknown = await login({ email: 'nobody@example.com', password: 'whatever1' });
    const wrong = await login({ email: member.email, password: 'whatever1' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ status: 401, message: INVALID_CREDENTIALS, code: 'INVALID_CREDENTIALS' });
    expect(wrong.json()).toEqual({ status: 401, message: INVALID_CREDENTIALS, code: 'INVALID_CREDENTIALS' });
  });

  it('refuses a deleted member', async () => {
    const member = await insertStaff(t.database.db, { type: 'Team' });
    await t.database.db.update(staff).set({ deletedAt: new Date().toISOString() }).where(eq(staff.id, member.id));
    expect((await login({ email: member.email, password: member.password })).json().message).toBe(INVALID_CREDENTIALS);
  });

  it.each([
    ['an empty body', {}, 'Email Address is required'],
    ['an empty e-mail', { email: '', password: 'x' }, 'Email Address is required'],
    ['an invalid e-mail', { email: 'not-an-email', password: 'x' }, 'Invalid email address'],
    ['no password', { email: 'a@example.com' }, 'Password is required'],
    ['an empty password', { email: 'a@example.com', password: '' }, 'Password is required'],
  ])('answers the SPEC §5 message for %s', async (_label, payload, message) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, message, code: 'VALIDATION_FAILED' });
  });
});

describe('throttling and lockout', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_IP_LIMIT: '5' });
  });
  afterAll(() => limited.close());
  beforeEach(() => limited.database.reset());

  const attempt = (payload: Record<string, unknown>, remoteAddress: string) =>
    limited.call({ method: 'POST', url: '/api/admin/admin-login', payload, remoteAddress });

  it('answers 429 with Retry-After once one address has failed too often', async () => {
    const member = await insertStaff(limited.database.db, { type: 'Team' });
    for (let i = 0; i < 5; i++) {
      expect((await attempt({ email: member.email, password: 'wrong-pass' }, '203.0.113.9')).statusCode).toBe(401);
    }
    const blocked = await attempt({ email: member.email, password: member.password }, '203.0.113.9');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toEqual({
      status: 0,
      message: expect.stringContaining('Too many failed sign-in attempts'),
      code: 'RATE_LIMITED',
    });
    // Another address is not affected.
    expect((await attempt({ email: member.email, password: member.password }, '203.0.113.10')).json().status).toBe(1);
  });

  it('locks the account after 10 consecutive failures, naming the time it unlocks', async () => {
    const member = await insertStaff(limited.database.db, { type: 'Manager' });
    const answers = [];
    // A new address each time: the account counter is what is being tested.
    for (let i = 1; i <= 10; i++) {
      answers.push(await attempt({ email: member.email, password: 'wrong-pass' }, `198.51.100.${i}`));
    }
    expect(answers.slice(0, 9).every((r) => r.statusCode === 401)).toBe(true);
    const locked = answers[9];
    expect(locked?.statusCode).toBe(423);
    expect(locked?.json().message).toMatch(/locked.*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(Number(locked?.headers['retry-after'])).toBeGreaterThan(800);
    const correct = await attempt({ email: member.email, password: member.password }, '198.51.100.50');
    expect(correct.statusCode).toBe(423);
  });

  it('a successful sign-in resets the account’s count', async () => {
    const member = await insertStaff(limited.database.db, { type: 'Team' });
    for (let i = 1; i <= 9; i++) await attempt({ email: member.email, password: 'wrong-pass' }, `192.0.2.${i}`);
    expect((await attempt({ email: member.email, password: member.password }, '192.0.2.100')).json().status).toBe(1);
    for (let i = 11; i <= 19; i++) {
      expect((await attempt({ email: member.email, password: 'wrong-pass' }, `192.0.2.${i}`)).statusCode).toBe(401);
    }
    const [row] = await limited.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row).toMatchObject({ failedLogins: 9, lockedUntil: null });
  });
});

describe('token checks on staff routes', () => {
  const sign = (payload: Record<string, unknown>, secret: Uint8Array, expires: string | number = '1h') =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('nzeta-backoffice')
      .setAudience('staff')
      .setIssuedAt()
      .setExpirationTime(expires)
      .sign(secret);

  it('accepts the raw token and the Bearer form', async () => {
    const { token } = await t.signInAs('Team');
    expect((await userInfo(token)).statusCode).toBe(200);
    expect((await userInfo(`Bearer ${token}`)).statusCode).toBe(200);
  });

  it('answers 401 {status:401} for missing, malformed, expired, tampered, foreign-key and unsigned tokens', async () => {
    const member = await t.signInAs('Team');
    const user = { id: member.id, name: member.name, type: 'Team' };
    const [header, payload, signature] = member.token.split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${header}.${base64url({ ...claims, user: { ...user, type: 'Admin' } })}.${signature}`;
    const expired = await sign({ user, ver: 0 }, t.config.jwtSecret, Math.floor(Date.now() / 1000) - 60);
    const otherKey = await sign(
      { user, ver: 0 },
      new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256'),
    );
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({
      ...claims,
      user: { ...user, type: 'Admin' },
    })}.`;
    const cases: Array<[string, string | undefined]> = [
      ['missing', undefined],
      ['malformed', 'not-a-token'],
      ['three junk parts', 'a.b.c'],
      ['expired', expired],
      ['tampered payload', tampered],
      ['signed with another key', otherKey],
      ['alg none', unsigned],
      ['empty Bearer', 'Bearer '],
    ];
    for (const [label, token] of cases) {
      const response = await userInfo(token);
      expect(response.statusCode, label).toBe(401);
      expect(response.json(), label).toEqual({ status: 401, message: expect.any(String), code: 'UNAUTHENTICATED' });
    }
  });

  it('answers 401 for a token of a member whose token version moved on', async () => {
    const member = await t.signInAs('Team');
    await t.database.db.update(staff).set({ tokenVersion: 5 }).where(eq(staff.id, member.id));
    expect((await userInfo(member.token)).json().status).toBe(401);
  });
});

describe('GET /api/user_info', () => {
  it.each(ROLES)('answers the user for %s', async (role) => {
    const member = await t.signInAs(role);
    expect((await userInfo(member.token)).json().data.user).toEqual({ id: member.id, name: member.name, type: role });
  });
});

describe('POST /api/admin/change-password', () => {
  const change = (token: string | undefined, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/admin/change-password', payload, token });

  it.each(ROLES)('lets %s change their password, which ends the session', async (role) => {
    const member = await t.signInAs(role);
    const response = await change(member.token, { newPassword: 'pohutukawa-9' });
    expect(response.json()).toMatchObject({ status: 1, message: expect.any(String) });
    expect(response.body).not.toContain('pohutukawa-9');
    expect((await userInfo(member.token)).statusCode).toBe(401);
    expect((await login({ email: member.email, password: member.password })).json().status).toBe(401);
    expect((await login({ email: member.email, password: 'pohutukawa-9' })).json().status).toBe(1);
  });

  it.each([
    ['no password', {}, 'Please enter your New Password.'],
    ['an empty password', { newPassword: '' }, 'Please enter your New Password.'],
    ['a short password', { newPassword: '12345' }, 'New Password must be at least 6 characters.'],
  ])('answers the SPEC §5 message for %s', async (_label, payload, message) => {
    const { token } = await t.signInAs('Team');
    const response = await change(token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, message, code: 'VALIDATION_FAILED' });
  });

  it('needs a signed-in member', async () => {
    expect((await change(undefined, { newPassword: 'abcdef' })).statusCode).toBe(401);
  });
});

describe('POST /api/admin/logout', () => {
  it('revokes the token on the server', async () => {
    const member = await t.signInAs('Night Staff');
    const response = await t.call({ method: 'POST', url: '/api/admin/logout', token: member.token });
    expect(response.json()).toMatchObject({ status: 1 });
    expect((await userInfo(member.token)).statusCode).toBe(401);
  });

  it('needs a signed-in member', async () => {
    expect((await t.call({ method: 'POST', url: '/api/admin/logout' })).statusCode).toBe(401);
  });
});
