import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertStaff } from '../../src/db/factories';
import { auditLog, settings, staff } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './support';

/** Two-step verification that a stolen password or a stolen session cannot get around. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

type Member = Awaited<ReturnType<TestApp['signInAs']>>;
const post = (url: string, token: string | undefined, payload?: object, remoteAddress = '127.0.0.1') =>
  t.call({ method: 'POST', url, token, remoteAddress, ...(payload ? { payload } : {}) });
const login = (email: string, password: string, otp?: string) =>
  t.call({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password, ...(otp ? { otp } : {}) } });
const requireMfa = (value: boolean) =>
  t.database.db
    .insert(settings)
    .values({ key: 'requireMfa', value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
const codeAhead = (secret: string, steps: number) =>
  authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);

async function enrol(member: Member): Promise<{ secret: string }> {
  const setup = (await post('/api/admin/mfa/setup', member.token)).json();
  await post('/api/admin/mfa/enable', member.token, { code: authenticator.generate(setup.data.secret) });
  return { secret: setup.data.secret };
}

describe('while the Admin requires two-step verification (finding 3)', () => {
  it('a member without it gets a token that may only enrol, see who they are and sign out', async () => {
    await requireMfa(true);
    const member = await insertStaff(t.database.db, { type: 'Admin' });
    const signedIn = await login(member.email, member.password);
    expect(signedIn.json().data.mfaSetupRequired).toBe(true);
    const token = signedIn.json().jwtToken as string;
    for (const [method, url] of [
      ['GET', '/api/admin/get-folder-count'],
      ['GET', '/api/admin/get-team-member-list'],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/settings'],
    ] as const) {
      const answer = await t.call({ method, url, token });
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json()).toEqual({
        status: 0,
        message: 'Please set up two-step verification to continue.',
        code: 'mfa-setup-required',
      });
    }
    expect((await t.call({ method: 'GET', url: '/api/user_info', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/admin/mfa/status', token })).statusCode).toBe(200);
    const setup = (await post('/api/admin/mfa/setup', token)).json();
    expect(
      (await post('/api/admin/mfa/enable', token, { code: authenticator.generate(setup.data.secret) })).statusCode,
    ).toBe(200);
    // Enrolled: the same token now does the member's work.
    expect((await t.call({ method: 'GET', url: '/api/admin/get-folder-count', token })).statusCode).toBe(200);
  });

  it('applies to tokens issued before the policy was turned on', async () => {
    const member = await t.signInAs('Team');
    expect((await t.call({ method: 'GET', url: '/api/admin/get-folder-count', token: member.token })).statusCode).toBe(
      200,
    );
    await requireMfa(true);
    const answer = await t.call({ method: 'GET', url: '/api/admin/get-folder-count', token: member.token });
    expect(answer.statusCode).toBe(403);
    expect((await post('/api/admin/logout', member.token)).statusCode).toBe(200);
  });
});

describe('a stolen session against two-step verification (finding 4)', () => {
  it('turning it off: wrong codes count toward the sign-in lock, which then refuses every code', async () => {
    const member = await t.signInAs('Manager');
    const { secret } = await enrol(member);
    const started = performance.now();
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) {
      answers.push((await post('/api/admin/mfa/disable', member.token, { code: `1234${i % 10}9` })).statusCode);
    }
    // Non-numeric guesses are refused without argon2 work.
    const junk = await post('/api/admin/mfa/disable', member.token, { code: 'x'.repeat(40) });
    const ms = performance.now() - started;
    expect(answers.slice(0, 9).every((code) => code === 400)).toBe(true);
    expect(answers.slice(9)).toEqual([423, 423, 423]);
    expect(junk.statusCode).toBe(423);
    // Even the right code is not checked while locked; sign-in is locked too.
    expect((await post('/api/admin/mfa/disable', member.token, { code: codeAhead(secret, 1) })).statusCode).toBe(423);
    expect((await login(member.email, member.password, codeAhead(secret, 1))).statusCode).toBe(423);
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row?.mfaEnabled).toBe(true);
    report(`MFA disable: locked after 10 wrong codes (13 guesses in ${Math.round(ms)} ms, 3 refused 423)`);
  });

  it('changing the password of an enrolled member needs a fresh code; others need none', async () => {
    const member = await t.signInAs('Team');
    const { secret } = await enrol(member);
    const none = await post('/api/admin/change-password', member.token, { newPassword: 'kowhai-2025' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please enter the code from your authenticator app.');
    const wrong = await post('/api/admin/change-password', member.token, {
      newPassword: 'kowhai-2025',
      code: '000000',
    });
    expect(wrong.json().message).toBe('The code is not valid. Please try again.');
    const [counted] = await t.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(counted?.failedLogins).toBe(1);
    const right = await post('/api/admin/change-password', member.token, {
      newPassword: 'kowhai-2025',
      code: codeAhead(secret, 1),
    });
    expect(right.statusCode).toBe(200);
    const plain = await t.signInAs('Team');
    expect((await post('/api/admin/change-password', plain.token, { newPassword: 'rata-2025' })).statusCode).toBe(200);
  });

  it('an Admin resets another member’s two-step verification (audited); nobody else can', async () => {
    const admin = await t.signInAs('Admin');
    const manager = await t.signInAs('Manager');
    const member = await t.signInAs('Team');
    await enrol(member);
    const url = '/api/admin/reset-team-member-mfa';
    const byManager = await t.call({ method: 'PUT', url, token: manager.token, payload: { teamMemberId: member.id } });
    expect(byManager.statusCode).toBe(403);
    const byAdmin = await t.call({ method: 'PUT', url, token: admin.token, payload: { teamMemberId: member.id } });
    expect(byAdmin.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row).toMatchObject({ mfaEnabled: false, mfaSecret: null, recoveryCodes: [] });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'mfa-reset'));
    expect(audit).toEqual([expect.objectContaining({ actorId: admin.id, target: `staff:${member.id}` })]);
  });

  it('secrets are sealed at rest with the configured key; a plaintext one is sealed at the next start', async () => {
    const member = await t.signInAs('Team');
    const { secret } = await enrol(member);
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row?.mfaSecret).toMatch(/^v1:/);
    expect(row?.mfaSecret).not.toContain(secret);
    expect((await login(member.email, member.password, codeAhead(secret, 1))).json().status).toBe(1);

    const legacy = await insertStaff(t.database.db, { type: 'Team' });
    const legacySecret = authenticator.generateSecret(20);
    await t.database.db.update(staff).set({ mfaSecret: legacySecret, mfaEnabled: true }).where(eq(staff.id, legacy.id));
    const restarted = await createTestApp({}, { database: t.database });
    try {
      const [sealed] = await t.database.db.select().from(staff).where(eq(staff.id, legacy.id));
      expect(sealed?.mfaSecret).toMatch(/^v1:/);
      const answer = await restarted.call({
        method: 'POST',
        url: '/api/admin/admin-login',
        payload: { email: legacy.email, password: legacy.password, otp: authenticator.generate(legacySecret) },
      });
      expect(answer.json().status).toBe(1);
    } finally {
      await restarted.close();
    }
  });
});
