import { isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { insertStaff } from '../../src/db/factories';
import { mailMessages, passwordResets } from '../../src/db/schema';
import { settleResetLinks } from '../../src/features/auth/request-password-reset';
import { INVALID_RESET_LINK } from '../../src/features/auth/reset-password';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './support';

/** Password-reset links: where they point, what they cost an attacker, when they die. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_APP_URL: 'https://office.example.com' });
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

async function forgot(email: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') {
  const answer = await t.call({
    method: 'POST',
    url: '/api/admin/forgot-password',
    payload: { email },
    headers,
    remoteAddress,
  });
  await settleResetLinks();
  return answer;
}
const reset = (token: string, newPassword: string, remoteAddress = '127.0.0.1') =>
  t.call({ method: 'POST', url: '/api/admin/reset-password', payload: { token, newPassword }, remoteAddress });
async function latestToken(): Promise<{ url: string; token: string }> {
  const rows = await t.database.db.select().from(mailMessages).orderBy(mailMessages.id);
  const match = /(https?:\/\/\S+?\/reset-password\/([A-Za-z0-9_-]+))/.exec(rows.at(-1)?.text ?? '');
  if (!match) throw new Error('no reset link');
  return { url: match[1] as string, token: match[2] as string };
}

describe('links in e-mails come from configuration only (finding 1)', () => {
  it('production refuses to start without PUBLIC_APP_URL, naming it', () => {
    const env = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), MFA_ENCRYPTION_KEY: 'y'.repeat(40) };
    expect(() => loadConfig(env)).toThrow(/PUBLIC_APP_URL: required in production/);
    expect(loadConfig({ ...env, PUBLIC_APP_URL: 'https://office.example.com/' }).appUrl).toBe(
      'https://office.example.com',
    );
  });

  it('outside production without it, links point at this server’s own address, never the Host', () => {
    const config = loadConfig({ NODE_ENV: 'development', PORT: '3215', HOST: '0.0.0.0', DATA_DIR: t.config.dataDir });
    expect(config.appUrl).toBe('http://127.0.0.1:3215');
  });

  it('a forged Host or X-Forwarded-Host never reaches a link', async () => {
    const member = await insertStaff(t.database.db, { type: 'Admin' });
    await forgot(member.email, { host: 'evil.example.net', 'x-forwarded-host': 'evil.example.net' });
    const { url } = await latestToken();
    expect(url).toMatch(/^https:\/\/office\.example\.com\/reset-password\//);
  });
});

describe('reset-password costs an anonymous caller little (finding 2)', () => {
  it('refuses invalid tokens before hashing anything and throttles them per address', async () => {
    const started = performance.now();
    const answers: number[] = [];
    for (let i = 0; i < 12; i++)
      answers.push((await reset(`made-up-${i}`, 'x'.repeat(200), '203.0.113.60')).statusCode);
    const ms = (performance.now() - started) / answers.length;
    expect(answers.slice(0, 10).every((code) => code === 400)).toBe(true);
    expect(answers.slice(10)).toEqual([429, 429]);
    // Another address still resets with a real link.
    const member = await insertStaff(t.database.db, { type: 'Team' });
    await forgot(member.email);
    expect((await reset((await latestToken()).token, 'totara-2025', '203.0.113.61')).json().status).toBe(1);
    report(`invalid reset tokens: ${ms.toFixed(1)} ms each, 429 after 10 per address`);
  });
});

describe('reset links die with a password or e-mail change (finding 7)', () => {
  it('a change of one’s own password spends open links', async () => {
    const member = await t.signInAs('Team');
    await forgot(member.email);
    const { token } = await latestToken();
    await t.call({
      method: 'POST',
      url: '/api/admin/change-password',
      token: member.token,
      payload: { newPassword: 'pohutukawa' },
    });
    expect((await reset(token, 'attacker-1')).json().message).toBe(INVALID_RESET_LINK);
  });

  it('an e-mail or password change by a manager spends open links', async () => {
    const admin = await t.signInAs('Admin');
    for (const change of ['email', 'password'] as const) {
      const member = await insertStaff(t.database.db, { type: 'Team' });
      await forgot(member.email);
      const { token } = await latestToken();
      const payload = {
        tmId: member.id,
        name: member.name,
        type: 'Team',
        email: change === 'email' ? `moved-${member.id}@example.com` : member.email,
        ...(change === 'password' ? { password: 'new-password-1' } : {}),
      };
      const answer = await t.call({
        method: 'POST',
        url: '/api/admin/update-team-member',
        token: admin.token,
        payload,
      });
      expect(answer.statusCode, change).toBe(200);
      expect((await reset(token, 'attacker-1')).json().message, change).toBe(INVALID_RESET_LINK);
    }
    const open = await t.database.db.select().from(passwordResets).where(isNull(passwordResets.usedAt));
    expect(open).toEqual([]);
  });
});

describe('no enumeration of staff addresses (finding 8)', () => {
  it('forgot-password answers known and unknown addresses alike and in about the same time', async () => {
    const member = await insertStaff(t.database.db, { type: 'Team' });
    const time = async (email: string) => {
      const started = performance.now();
      const answer = await t.call({ method: 'POST', url: '/api/admin/forgot-password', payload: { email } });
      const ms = performance.now() - started;
      await settleResetLinks();
      await t.database.db.delete(mailMessages);
      return { ms, body: answer.body };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 8; i++) {
      const a = await time(member.email);
      const b = await time(`nobody${i}@example.com`);
      expect(a.body).toBe(b.body);
      known.push(a.ms);
      unknown.push(b.ms);
      await t.database.db.execute(sql`delete from rate_counters`);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] as number;
    report(`forgot-password median: known ${median(known).toFixed(1)} ms, unknown ${median(unknown).toFixed(1)} ms`);
    // The known address's look-up, link and e-mail happen after the answer.
    expect(median(known)).toBeLessThan(median(unknown) * 1.5 + 2);
  });

  it('an unknown address locks after as many guesses as a real one, with the same answer', async () => {
    const member = await insertStaff(t.database.db, { type: 'Team' });
    const guess = (email: string, i: number) =>
      t.call({
        method: 'POST',
        url: '/api/admin/admin-login',
        payload: { email, password: `wrong-${i}` },
        remoteAddress: `198.51.100.${i + 1}`,
      });
    const real: number[] = [];
    const fake: number[] = [];
    for (let i = 0; i < 11; i++) {
      real.push((await guess(member.email, i)).statusCode);
      fake.push((await guess('no-such-member@example.com', i)).statusCode);
    }
    expect(fake).toEqual(real);
    expect(real.slice(-2)).toEqual([423, 423]);
    const a = (await guess(member.email, 20)).json().message as string;
    const b = (await guess('no-such-member@example.com', 20)).json().message as string;
    expect(b.replace(/\d{2}:\d{2}/, '')).toBe(a.replace(/\d{2}:\d{2}/, ''));
  });
});
