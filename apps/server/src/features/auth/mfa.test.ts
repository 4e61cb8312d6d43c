import { ROLES } from '@nzeta/domain';
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { settings, staff } from '../../db/schema';
import { WRONG_CODE } from './mfa-enrolment';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

type Member = Awaited<ReturnType<TestApp['signInAs']>>;

const post = (url: string, token: string | undefined, payload?: object) =>
  t.call({ method: 'POST', url, token, ...(payload ? { payload } : {}) });
const status = async (token: string) => (await t.call({ method: 'GET', url: '/api/admin/mfa/status', token })).json();
const login = (email: string, password: string, otp?: string) =>
  t.call({ method: 'POST', url: '/api/admin/admin-login', payload: { email, password, ...(otp ? { otp } : {}) } });

/** A code for a later time step: still inside the accepted window, and newer than any code used so far. */
const codeAhead = (secret: string, steps: number) =>
  authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);

async function enrol(member: Member): Promise<{ secret: string; firstCode: string; recoveryCodes: string[] }> {
  const setup = (await post('/api/admin/mfa/setup', member.token)).json();
  const firstCode = authenticator.generate(setup.data.secret);
  const enabled = (await post('/api/admin/mfa/enable', member.token, { code: firstCode })).json();
  return { secret: setup.data.secret, firstCode, recoveryCodes: enabled.data.recoveryCodes };
}

describe('permissions', () => {
  it('anonymous callers get 401 on every MFA route', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/mfa/status'],
      ['POST', '/api/admin/mfa/setup'],
      ['POST', '/api/admin/mfa/enable'],
      ['POST', '/api/admin/mfa/disable'],
    ] as const) {
      const response = await t.call({ method, url, payload: { code: '123456' } });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().status).toBe(401);
    }
  });

  it.each(ROLES)('%s can enrol their own account', async (role) => {
    const member = await t.signInAs(role);
    expect((await status(member.token)).data).toEqual({
      enabled: false,
      pending: false,
      recoveryCodesLeft: 0,
      required: false,
    });
    const setup = await post('/api/admin/mfa/setup', member.token);
    expect(setup.statusCode).toBe(200);
  });
});

describe('enrolment', () => {
  it('sets up a pending secret with a QR code, then enables it with a first code', async () => {
    const member = await t.signInAs('Team');
    const setup = (await post('/api/admin/mfa/setup', member.token)).json();
    expect(setup.status).toBe(1);
    expect(setup.data).toEqual({
      secret: expect.stringMatching(/^[A-Z2-7]{16,}$/),
      otpauthUrl: expect.stringMatching(/^otpauth:\/\/totp\/.+secret=/),
      qrDataUrl: expect.stringMatching(/^data:image\/png;base64,/),
    });
    expect((await status(member.token)).data).toMatchObject({ enabled: false, pending: true });
    // Still pending: signing in needs no code yet.
    expect((await login(member.email, member.password)).json().status).toBe(1);

    const wrong = await post('/api/admin/mfa/enable', member.token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ status: 0, message: WRONG_CODE, code: 'WRONG_CODE' });
    const empty = await post('/api/admin/mfa/enable', member.token, { code: '' });
    expect(empty.json().message).toBe('Please enter the code from your authenticator app.');

    const enabled = await post('/api/admin/mfa/enable', member.token, {
      code: authenticator.generate(setup.data.secret),
    });
    expect(enabled.json()).toMatchObject({ status: 1, message: 'Two-step verification is on.' });
    const codes = enabled.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await status(member.token)).data).toEqual({
      enabled: true,
      pending: false,
      recoveryCodesLeft: 10,
      required: false,
    });
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row?.recoveryCodes.every((h) => h.startsWith('$argon2'))).toBe(true);
    expect(JSON.stringify(row?.recoveryCodes)).not.toContain(codes[0]);
  });

  it('refuses enabling without a set-up, and a second set-up once enabled', async () => {
    const member = await t.signInAs('Manager');
    const early = await post('/api/admin/mfa/enable', member.token, { code: '123456' });
    expect(early.json()).toEqual({ status: 0, message: 'Please start the set-up first.', code: 'REQUEST_REFUSED' });
    await enrol(member);
    const again = await post('/api/admin/mfa/setup', member.token);
    expect(again.statusCode).toBe(409);
    expect((await status(member.token)).data.enabled).toBe(true);
  });
});

describe('signing in with two-step verification', () => {
  it('asks for the code, accepts a fresh one once and refuses a replay', async () => {
    const member = await t.signInAs('Admin');
    const { secret, firstCode } = await enrol(member);

    const noCode = await login(member.email, member.password);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.headers['x-mfa-required']).toBe('1');
    expect(noCode.json()).toEqual({
      status: 0,
      message: 'Please enter the 6-digit code from your authenticator app.',
      code: 'MFA_CODE_REQUIRED',
    });

    // The code that enabled MFA was spent then.
    expect((await login(member.email, member.password, firstCode)).json().status).toBe(401);

    const fresh = codeAhead(secret, 1);
    const ok = await login(member.email, member.password, fresh);
    expect(ok.json()).toMatchObject({ status: 1, data: { user: { id: member.id } } });
    expect(ok.body).not.toContain(secret);
    const replay = await login(member.email, member.password, fresh);
    expect(replay.json().status).toBe(401);
    expect((await login(member.email, 'wrong-password', codeAhead(secret, 1))).json().status).toBe(401);
  });

  it('accepts each recovery code once', async () => {
    const member = await t.signInAs('Team');
    const { recoveryCodes } = await enrol(member);
    const [code] = recoveryCodes as [string];
    expect((await login(member.email, member.password, code)).json().status).toBe(1);
    expect((await login(member.email, member.password, code)).json().status).toBe(401);
    expect((await status(member.token)).data.recoveryCodesLeft).toBe(9);
  });
});

describe('turning two-step verification off', () => {
  it('needs a valid code, then sign-in needs none', async () => {
    const member = await t.signInAs('Telecaller');
    const { secret } = await enrol(member);
    const wrong = await post('/api/admin/mfa/disable', member.token, { code: '111111' });
    expect(wrong.json()).toEqual({ status: 0, message: WRONG_CODE, code: 'WRONG_CODE' });
    const off = await post('/api/admin/mfa/disable', member.token, { code: codeAhead(secret, 1) });
    expect(off.json()).toEqual({ status: 1, message: 'Two-step verification is off.', data: null });
    expect((await status(member.token)).data).toMatchObject({ enabled: false, pending: false });
    expect((await login(member.email, member.password)).json().status).toBe(1);
    const again = await post('/api/admin/mfa/disable', member.token, { code: '111111' });
    expect(again.json().message).toBe('Two-step verification is not on.');
  });

  it('accepts a recovery code (a lost phone)', async () => {
    const member = await t.signInAs('Night Staff');
    const { recoveryCodes } = await enrol(member);
    expect((await post('/api/admin/mfa/disable', member.token, { code: recoveryCodes[3] })).json().status).toBe(1);
  });
});

describe('the requireMfa policy', () => {
  const requireMfa = (value: boolean) =>
    t.database.db
      .insert(settings)
      .values({ key: 'requireMfa', value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });

  it('flags members without MFA at sign-in, and only while the policy is on', async () => {
    const member = await t.signInAs('Team');
    expect((await login(member.email, member.password)).json().data).toEqual({ user: expect.any(Object) });
    await requireMfa(true);
    const flagged = (await login(member.email, member.password)).json();
    expect(flagged).toMatchObject({ status: 1, data: { mfaSetupRequired: true }, jwtToken: expect.any(String) });
    expect((await status(member.token)).data.required).toBe(true);

    const { secret } = await enrol(member);
    const enrolled = (await login(member.email, member.password, codeAhead(secret, 1))).json();
    expect(enrolled.status).toBe(1);
    expect(enrolled.data.mfaSetupRequired).toBeUndefined();

    await requireMfa(false);
    const other = await t.signInAs('Manager');
    expect((await login(other.email, other.password)).json().data.mfaSetupRequired).toBeUndefined();
  });
});
