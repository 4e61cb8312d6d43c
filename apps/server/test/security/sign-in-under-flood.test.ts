import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertStaff } from '../../src/db/factories';
import { killAllServers, type ServerProcess, sleep, startServer } from '../reliability/support/server-process';
import { createTarget, type Target } from '../reliability/support/target';
import { report } from './support';

/**
 * The real server under two floods from one address — invalid reset tokens, and wrong passwords
 * for the very account being used — while its owner signs in again and again from a browser that
 * signed in before (device cookie). Their sign-in must stay fast and must succeed.
 */
const IS_LONG = process.env.SECURITY_LONG === '1';
const SECONDS = IS_LONG ? 30 : 6;
const CONNECTIONS = 10;
// The 300 ms bound is what SECURITY_LONG=1 proves, run on its own. The default run shares two
// cores with the rest of the suite, so it holds the same flood to a looser bound.
const P99_LIMIT_MS = IS_LONG ? 300 : 1_000;

let target: Target;
let server: ServerProcess;
let member: { email: string; password: string };
let members: { email: string; password: string }[] = [];
let attempt = 0;

beforeAll(async () => {
  target = await createTarget('flood');
  // PGlite's folder belongs to the server once it runs, so the members (one per try) come first.
  members = await target.withDatabase(async ({ db }) => [
    await insertStaff(db, { type: 'Team' }),
    await insertStaff(db, { type: 'Team' }),
  ]);
  server = await startServer({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, env: { MAIL_WORKER: 'off' } });
}, 120_000);
afterAll(async () => {
  await killAllServers();
  await target.destroy();
});

async function signIn(cookie?: string): Promise<{ ms: number; status: number; cookie: string | undefined }> {
  const started = performance.now();
  const response = await fetch(`${server.url}/api/admin/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  const body = (await response.json()) as { status: number };
  return {
    ms: performance.now() - started,
    status: body.status,
    cookie: response.headers.get('set-cookie')?.split(';')[0],
  };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ?? 0;

describe('sign-in under a flood from its own address', () => {
  it(
    `a known device signs in with p99 under ${P99_LIMIT_MS} ms while invalid resets and wrong passwords pour in`,
    async () => {
      // A member of its own per attempt: a retry must not meet the lock the first flood caused.
      member = members[attempt++] as { email: string; password: string };
      const first = await signIn();
      expect(first.status).toBe(1);
      const cookie = first.cookie as string;
      const flood = (path: string, body: unknown) =>
        autocannon({
          url: `${server.url}${path}`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          connections: CONNECTIONS,
          duration: SECONDS,
        });
      const resets = flood('/api/admin/reset-password', {
        token: 'not-a-real-reset-token-0123456789',
        newPassword: 'x'.repeat(64),
      });
      const guesses = flood('/api/admin/admin-login', { email: member.email, password: 'wrong-password' });
      await sleep(500);
      const timings: number[] = [];
      let failed = 0;
      const until = Date.now() + (SECONDS - 1) * 1000;
      while (Date.now() < until) {
        const attempt = await signIn(cookie);
        timings.push(attempt.ms);
        if (attempt.status !== 1) failed += 1;
        await sleep(50);
      }
      const [resetResult, guessResult] = await Promise.all([resets, guesses]);
      const p99 = percentile(timings, 99);
      const p50 = percentile(timings, 50);
      report(
        `flood (${SECONDS} s, ${CONNECTIONS}+${CONNECTIONS} connections, one address): ${resetResult.requests.total} invalid resets, ` +
          `${guessResult.requests.total} wrong passwords; owner's ${timings.length} device sign-ins p50 ${p50.toFixed(0)} ms, ` +
          `p99 ${p99.toFixed(0)} ms, ${failed} refused`,
      );
      expect(resetResult.errors + guessResult.errors).toBe(0);
      expect(failed).toBe(0);
      expect(timings.length).toBeGreaterThan(IS_LONG ? 10 : 3);
      expect(p99).toBeLessThan(P99_LIMIT_MS);
      // Without the cookie, the owner is locked out like the attacker (the lock still holds).
      expect((await signIn()).status).toBe(0);
    },
    (SECONDS + 60) * 1000,
  );
});
