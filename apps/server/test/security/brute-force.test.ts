import { and, eq, sql } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/db/client';
import { insertOrder, insertStaff } from '../../src/db/factories';
import { auditLog, staff } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../test-app';
import { type TestDatabase, testDatabaseOptions, testEngine } from '../test-database';
import { report } from './support';

/** Default limits (DESIGN §4): about 10 failures a minute per address, lock after 10 on an account. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const login = (app: TestApp, payload: Record<string, unknown>, remoteAddress: string, headers = {}) =>
  app.call({ method: 'POST', url: '/api/admin/admin-login', payload, remoteAddress, headers });

describe('failed staff sign-ins per client address', () => {
  it('answer 429 with Retry-After after 10 failures a minute on one account, 100 on any accounts', async () => {
    const victim = await insertStaff(t.database.db, { type: 'Admin' });
    let failures = 0;
    for (let i = 0; i < 100; i++) {
      const answer = await login(t, { email: `spray${i}@example.com`, password: 'Summer2025!' }, '203.0.113.20');
      if (answer.statusCode === 401) failures += 1;
    }
    const throttled = await login(t, { email: victim.email, password: victim.password }, '203.0.113.20');
    expect(failures).toBe(100);
    expect(throttled.statusCode).toBe(429);
    const retryAfter = Number(throttled.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    report(
      `sign-in throttled per address after ${failures} failures on any accounts (429, Retry-After ${retryAfter} s)`,
    );
  });

  it('hold when the guesses arrive all at once', async () => {
    const victim = await insertStaff(t.database.db, { type: 'Team' });
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(t, { email: victim.email, password: `guess-${i}` }, '203.0.113.21')),
    );
    const checked = burst.filter((r) => r.statusCode === 401 || r.statusCode === 423).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(burst.filter((r) => r.statusCode === 429 || r.statusCode === 423).length).toBeGreaterThanOrEqual(30);
  });

  it('are not reset by signing in to another account in between', async () => {
    const own = await insertStaff(t.database.db, { type: 'Team' });
    const target = await insertStaff(t.database.db, { type: 'Manager' });
    const answers: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 4; i++) {
        answers.push(
          (await login(t, { email: target.email, password: `wrong-${round}-${i}` }, '203.0.113.22')).statusCode,
        );
      }
      answers.push((await login(t, { email: own.email, password: own.password }, '203.0.113.22')).statusCode);
    }
    // 16 guesses at the target: only the first 10 are checked; the own sign-ins don't buy more.
    const guesses = answers.filter((_, i) => i % 5 !== 4);
    expect(guesses.filter((code) => code !== 429).length).toBeLessThanOrEqual(10);
  });

  it('come from the socket address unless a proxy is trusted (X-Forwarded-For is not believed)', async () => {
    for (let i = 0; i < 10; i++) {
      await login(t, { email: 'nobody@example.com', password: 'x' }, '203.0.113.23', {
        'x-forwarded-for': `198.51.100.${i}`,
      });
    }
    const spoofed = await login(t, { email: 'nobody@example.com', password: 'x' }, '203.0.113.23', {
      'x-forwarded-for': '198.51.100.200',
    });
    expect(spoofed.statusCode).toBe(429);
  });
});

describe('failed sign-ins per account', () => {
  it('lock the account for 15 minutes after 10 consecutive failures, say until when and audit it', async () => {
    const member = await insertStaff(t.database.db, { type: 'Manager' });
    const codes: number[] = [];
    for (let i = 1; i <= 10; i++) {
      codes.push((await login(t, { email: member.email, password: `wrong-${i}` }, `198.51.100.${i}`)).statusCode);
    }
    const lockedAfter = codes.indexOf(423) + 1;
    expect(codes.slice(0, 9).every((code) => code === 401)).toBe(true);
    expect(lockedAfter).toBe(10);

    const correct = await login(t, { email: member.email, password: member.password }, '198.51.100.77');
    expect(correct.statusCode).toBe(423);
    expect(correct.json().message).toMatch(
      /^This account is locked after too many failed attempts\. Please try again after \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/,
    );
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, member.id));
    const lockedFor = (new Date(row?.lockedUntil ?? 0).getTime() - Date.now()) / 60_000;
    expect(lockedFor).toBeGreaterThan(14);
    expect(lockedFor).toBeLessThanOrEqual(15);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, member.id), eq(auditLog.action, 'account-locked')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ outcome: 'denied', ip: '198.51.100.10' });
    const failed = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign-in'), eq(auditLog.outcome, 'failed')));
    expect(failed).toHaveLength(10);
    report(`lockout after ${lockedAfter} failures, for ${Math.round(lockedFor)} minutes, audited`);
  });

  it('check at most 10 passwords when the guesses arrive all at once from many addresses', async () => {
    const member = await insertStaff(t.database.db, { type: 'Admin' });
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        login(t, { email: member.email, password: `guess-${i}` }, `192.0.2.${i + 1}`),
      ),
    );
    const checked = burst.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeLessThan(10);
    expect(burst.filter((r) => r.statusCode === 423).length).toBeGreaterThanOrEqual(30);
    const correct = await login(t, { email: member.email, password: member.password }, '192.0.2.200');
    expect(correct.statusCode).toBe(423);
  });

  it('count wrong one-time codes too, so a known password does not open all million codes', async () => {
    const member = await t.signInAs('Admin');
    const secret = authenticator.generateSecret(20);
    await t.database.db.update(staff).set({ mfaSecret: secret, mfaEnabled: true }).where(eq(staff.id, member.id));
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const otp = String((Number(authenticator.generate(secret)) + 500_000 + i) % 1_000_000).padStart(6, '0');
      codes.push(
        (await login(t, { email: member.email, password: member.password, otp }, `192.0.2.${i + 1}`)).statusCode,
      );
    }
    expect(codes.at(-1)).toBe(423);
    const fresh = authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);
    const correct = await login(t, { email: member.email, password: member.password, otp: fresh }, '192.0.2.99');
    expect(correct.statusCode).toBe(423);
  });

  it('never limit successful sign-ins: 20 in a row from one address', async () => {
    const member = await insertStaff(t.database.db, { type: 'Team' });
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) {
      codes.push((await login(t, { email: member.email, password: member.password }, '203.0.113.30')).statusCode);
    }
    expect(codes).toEqual(Array(20).fill(200));
  });
});

describe('concurrent correct sign-ins', () => {
  it('are all let in, on one account and from one address, and lock nothing', async () => {
    const member = await insertStaff(t.database.db, { type: 'Team' });
    const sameAccount = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login(t, { email: member.email, password: member.password }, `192.0.2.${i + 1}`),
      ),
    );
    expect(sameAccount.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    const others = await Promise.all(Array.from({ length: 15 }, () => insertStaff(t.database.db, { type: 'Team' })));
    const sameAddress = await Promise.all(
      others.map((m) => login(t, { email: m.email, password: m.password }, '203.0.113.60')),
    );
    expect(sameAddress.map((r) => r.statusCode)).toEqual(Array(15).fill(200));
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row).toMatchObject({ failedLogins: 0, lockedUntil: null });
  });
});

describe('track-order', () => {
  it('is throttled per address and per order id', async () => {
    const order = await insertOrder(t.database.db, { email: 'traveller@example.com' });
    const track = (orderId: string, email: string, remoteAddress: string) =>
      t.call({ method: 'POST', url: '/api/front/track-order', payload: { orderId, email }, remoteAddress });

    // Per (address, order): 10 wrong e-mails an hour.
    const perPair: number[] = [];
    for (let i = 0; i < 11; i++)
      perPair.push((await track(String(order.orderId), `g${i}@example.com`, '198.51.100.1')).statusCode);
    expect(perPair.slice(0, 10).every((code) => code === 404)).toBe(true);
    expect(perPair[10]).toBe(429);
    // Order-wide, from many addresses: locked only past 50.
    const perOrder: number[] = [];
    for (let i = 0; i < 41; i++)
      perOrder.push((await track(String(order.orderId), `h${i}@example.com`, `198.51.101.${i}`)).statusCode);
    expect(perOrder.slice(0, 40).every((code) => code === 404)).toBe(true);
    expect(perOrder[40]).toBe(429);

    const perAddress: number[] = [];
    for (let i = 0; i < 21; i++)
      perAddress.push((await track(String(900_000 + i), 'x@example.com', '203.0.113.40')).statusCode);
    expect(perAddress.slice(0, 20).every((code) => code === 404)).toBe(true);
    expect(perAddress[20]).toBe(429);
  });

  it('holds per order id when the guesses arrive all at once', async () => {
    const order = await insertOrder(t.database.db, { email: 'burst@example.com' });
    const burst = await Promise.all(
      Array.from({ length: 70 }, (_, i) =>
        t.call({
          method: 'POST',
          url: '/api/front/track-order',
          payload: { orderId: String(order.orderId), email: `burst${i}@example.com` },
          remoteAddress: `192.0.2.${i + 1}`,
        }),
      ),
    );
    expect(burst.filter((r) => r.statusCode === 404).length).toBeLessThanOrEqual(50);
  });
});

describe('two server instances on one database', () => {
  let second: TestApp;
  let secondDatabase: TestDatabase;
  beforeAll(async () => {
    secondDatabase = await openSecondConnection(t.database);
    second = await createTestApp({}, { database: secondDatabase });
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase.destroy();
  });

  it('share the address, account and order counters', async () => {
    const apps = [t, second];
    const member = await insertStaff(t.database.db, { type: 'Team' });
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      codes.push(
        (await login(apps[i % 2] as TestApp, { email: member.email, password: `w${i}` }, `198.51.100.${i}`)).statusCode,
      );
    }
    expect(codes.at(-1)).toBe(423);

    for (let i = 0; i < 100; i++)
      await login(apps[i % 2] as TestApp, { email: `n${i}@example.com`, password: 'x' }, '203.0.113.50');
    expect((await login(second, { email: 'n@example.com', password: 'x' }, '203.0.113.50')).statusCode).toBe(429);
    expect((await login(t, { email: 'n@example.com', password: 'x' }, '203.0.113.50')).statusCode).toBe(429);

    const order = await insertOrder(t.database.db, { email: 'shared@example.com' });
    for (let i = 0; i < 10; i++) {
      await (apps[i % 2] as TestApp).call({
        method: 'POST',
        url: '/api/front/track-order',
        payload: { orderId: String(order.orderId), email: `s${i}@example.com` },
        remoteAddress: '192.0.2.1',
      });
    }
    const blocked = await second.call({
      method: 'POST',
      url: '/api/front/track-order',
      payload: { orderId: String(order.orderId), email: 'shared@example.com' },
      remoteAddress: '192.0.2.1',
    });
    expect(blocked.statusCode).toBe(429);
    report(`counters shared by two instances on ${testEngine === 'postgres' ? 'PostgreSQL (two pools)' : 'PGlite'}`);
  });
});

/**
 * On PostgreSQL a second connection pool to the same database, as a second server would have;
 * PGlite belongs to one process, so there the instances share it.
 */
async function openSecondConnection(database: TestDatabase): Promise<TestDatabase> {
  if (testEngine !== 'postgres') return { ...database, async reset() {}, async destroy() {} };
  const [row] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${row?.name}`;
  const other = await openDatabase(testDatabaseOptions(url.toString(), 3));
  return { ...other, async reset() {}, destroy: () => other.close() };
}
