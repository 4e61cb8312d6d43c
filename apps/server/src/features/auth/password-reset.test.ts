import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { insertStaff } from '../../db/factories';
import { mailMessages, passwordResets, staff } from '../../db/schema';
import { RESET_LINK_SENT, settleResetLinks } from './request-password-reset';
import { INVALID_RESET_LINK } from './reset-password';
import { hashResetToken } from './reset-token';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

/** Asks for a link, then waits for it to be written (that happens after the answer). */
async function forgot(app: TestApp, email: string, remoteAddress = '127.0.0.1', host = 'backoffice.example.com') {
  const answer = await app.call({
    method: 'POST',
    url: '/api/admin/forgot-password',
    payload: { email },
    remoteAddress,
    headers: { host },
  });
  await settleResetLinks();
  return answer;
}
const reset = (token: string, newPassword: string) =>
  t.call({ method: 'POST', url: '/api/admin/reset-password', payload: { token, newPassword } });
const login = (email: string, password: string) =>
  t.call({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password } });

/** The link of the newest reset e-mail, as the member would click it. */
async function latestLink(app: TestApp = t): Promise<{ url: string; token: string }> {
  const rows = await app.database.db.select().from(mailMessages).orderBy(mailMessages.id);
  const text = rows.at(-1)?.text ?? '';
  const match = /(https?:\/\/[^\s/]+\/reset-password\/([A-Za-z0-9_-]+))/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return { url: match[1] as string, token: match[2] as string };
}

describe('POST /api/admin/forgot-password', () => {
  it('queues a reset e-mail for a member, with a hashed token valid 30 minutes', async () => {
    const member = await insertStaff(t.database.db, { type: 'Team' });
    const response = await forgot(t, member.email.toUpperCase());
    expect(response.json()).toEqual({ status: 1, message: RESET_LINK_SENT, data: null });
    const mails = await t.database.db.select().from(mailMessages);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'password-reset',
      provider: 'AWS',
      toAddress: member.email,
      state: 'queued',
    });
    const { url, token } = await latestLink();
    // From configuration (this server's own address outside production), never from the Host header.
    expect(url).toBe(`http://127.0.0.1:3000/reset-password/${token}`);
    expect(mails[0]?.html).toContain(url);
    const [row] = await t.database.db.select().from(passwordResets);
    expect(row?.staffId).toBe(member.id);
    expect(row?.tokenHash).toBe(hashResetToken(token));
    expect(row?.tokenHash).not.toContain(token);
    const minutes = (new Date(row?.expiresAt as string).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30.1);
  });

  it('answers the same for an unknown or deleted address and sends nothing', async () => {
    const gone = await insertStaff(t.database.db, { type: 'Team' });
    await t.database.db.update(staff).set({ deletedAt: new Date().toISOString() }).where(eq(staff.id, gone.id));
    for (const email of ['nobody@example.com', gone.email]) {
      const response = await forgot(t, email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 1, message: RESET_LINK_SENT, data: null });
    }
    expect(await t.database.db.select().from(mailMessages)).toEqual([]);
    expect(await t.database.db.select().from(passwordResets)).toEqual([]);
  });

  it('answers the SPEC §5 e-mail messages', async () => {
    expect((await forgot(t, '')).json()).toEqual({
      status: 0,
      message: 'Email Address is required',
      code: 'VALIDATION_FAILED',
    });
    expect((await forgot(t, 'nope')).json()).toEqual({
      status: 0,
      message: 'Invalid email address',
      code: 'VALIDATION_FAILED',
    });
  });

  it('sends at most three links per account in a quarter of an hour, answering the same', async () => {
    const member = await insertStaff(t.database.db, { type: 'Team' });
    for (let i = 1; i <= 5; i++) {
      expect((await forgot(t, member.email, `203.0.113.${i}`)).json().message).toBe(RESET_LINK_SENT);
    }
    expect(await t.database.db.select().from(mailMessages)).toHaveLength(3);
  });

  describe('with a configured app address and a low limit', () => {
    let configured: TestApp;
    beforeAll(async () => {
      configured = await createTestApp({ PUBLIC_APP_URL: 'https://office.example.com/', RESET_IP_LIMIT: '3' });
    });
    afterAll(() => configured.close());
    beforeEach(() => configured.database.reset());

    it('puts links on the configured address whatever Host the request names', async () => {
      const member = await insertStaff(configured.database.db, { type: 'Team' });
      await forgot(configured, member.email, '127.0.0.1', 'attacker.example.net');
      const { url } = await latestLink(configured);
      expect(url).toMatch(/^https:\/\/office\.example\.com\/reset-password\//);
    });

    it('answers 429 with Retry-After once one address asks too often', async () => {
      for (let i = 0; i < 3; i++)
        expect((await forgot(configured, 'x@example.com', '198.51.100.7')).statusCode).toBe(200);
      const blocked = await forgot(configured, 'x@example.com', '198.51.100.7');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json().status).toBe(0);
      expect((await forgot(configured, 'x@example.com', '198.51.100.8')).statusCode).toBe(200);
    });
  });
});

describe('POST /api/admin/reset-password', () => {
  it('sets the password once, ends the member’s sessions and unlocks the account', async () => {
    const member = await t.signInAs('Manager');
    await t.database.db
      .update(staff)
      .set({ lockedUntil: new Date(Date.now() + 600_000).toISOString(), failedLogins: 4 })
      .where(eq(staff.id, member.id));
    await forgot(t, member.email);
    const { token } = await latestLink();
    const response = await reset(token, 'totara-2025');
    expect(response.json()).toEqual({
      status: 1,
      message: 'Your password has been reset. Please sign in with your new password.',
      data: null,
    });
    expect(response.body).not.toContain('totara-2025');
    expect((await t.call({ method: 'GET', url: '/api/user_info', token: member.token })).statusCode).toBe(401);
    expect((await login(member.email, member.password)).json().status).toBe(401);
    expect((await login(member.email, 'totara-2025')).json().status).toBe(1);
    const again = await reset(token, 'another-one-1');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: 0, message: INVALID_RESET_LINK, code: 'VALIDATION_FAILED' });
  });

  it('refuses an expired link', async () => {
    const member = await insertStaff(t.database.db, { type: 'Team' });
    await forgot(t, member.email);
    const { token } = await latestLink();
    await t.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await reset(token, 'rimu-rimu-1')).json()).toEqual({
      status: 0,
      message: INVALID_RESET_LINK,
      code: 'VALIDATION_FAILED',
    });
    expect((await login(member.email, member.password)).json().status).toBe(1);
  });

  it('spends every earlier link when one is used', async () => {
    const member = await insertStaff(t.database.db, { type: 'Team' });
    await forgot(t, member.email);
    const first = await latestLink();
    await forgot(t, member.email);
    const second = await latestLink();
    expect(second.token).not.toBe(first.token);
    expect((await reset(second.token, 'matai-matai')).json().status).toBe(1);
    expect((await reset(first.token, 'kauri-kauri')).json().message).toBe(INVALID_RESET_LINK);
  });

  it('refuses an unknown token, and a link once its member is deleted', async () => {
    expect((await reset('made-up-token', 'abcdefg')).json()).toEqual({
      status: 0,
      message: INVALID_RESET_LINK,
      code: 'VALIDATION_FAILED',
    });
    const member = await insertStaff(t.database.db, { type: 'Team' });
    await forgot(t, member.email);
    const { token } = await latestLink();
    await t.database.db.update(staff).set({ deletedAt: new Date().toISOString() }).where(eq(staff.id, member.id));
    expect((await reset(token, 'abcdefg')).json().message).toBe(INVALID_RESET_LINK);
  });

  it.each([
    ['no token', { newPassword: 'abcdef' }, 'The reset link is not valid.'],
    ['no password', { token: 'abc' }, 'Please enter your New Password.'],
    ['a short password', { token: 'abc', newPassword: '12345' }, 'New Password must be at least 6 characters.'],
  ])('answers the form message for %s', async (_label, payload, message) => {
    const response = await t.call({ method: 'POST', url: '/api/admin/reset-password', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ status: 0, message, code: 'VALIDATION_FAILED' });
  });
});
