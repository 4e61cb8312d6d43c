import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertStaff } from '../../src/db/factories';
import { auditLog, staff, staffSessions } from '../../src/db/schema';
import { createTestApp, type TestApp } from '../test-app';
import { report } from './support';

/** One office behind one address: someone's typos or someone's guesses never lock the others out (DESIGN §4). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ IDLE_TIMEOUT_MINUTES: '30' });
});
afterAll(() => t.close());
beforeEach(() => t.database.reset());

const OFFICE = '203.0.113.80';
const login = (email: string, password: string, remoteAddress = OFFICE, cookie?: string) =>
  t.call({
    method: 'POST',
    url: '/api/admin/admin-login',
    payload: { email, password },
    remoteAddress,
    ...(cookie ? { headers: { cookie } } : {}),
  });
const deviceCookieOf = (answer: Awaited<ReturnType<typeof login>>) =>
  String(answer.headers['set-cookie']).split(';')[0] as string;

describe('failures are counted per (address, account) (finding 9)', () => {
  it('one member’s ten typos do not stop a colleague behind the same address', async () => {
    const typist = await insertStaff(t.database.db, { type: 'Team' });
    const colleague = await insertStaff(t.database.db, { type: 'Manager' });
    const typos: number[] = [];
    for (let i = 0; i < 11; i++) typos.push((await login(typist.email, `typo-${i}`)).statusCode);
    // The tenth locks the typist's own account (DESIGN §4), nobody else's.
    expect(typos.slice(0, 9).every((code) => code === 401)).toBe(true);
    expect(typos[9]).toBe(423);
    expect(typos[10]).toBe(429);
    expect((await login(colleague.email, colleague.password)).json().status).toBe(1);
    report('sign-in: 10 failures on one account from an address leave other accounts there open');
  });

  it('keeps an address-wide limit at a much higher threshold (100 a minute)', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 101; i++) answers.push((await login(`spray${i}@example.com`, 'Summer2025!')).statusCode);
    expect(answers.slice(0, 100).every((code) => code === 401)).toBe(true);
    expect(answers[100]).toBe(429);
  });

  it('a browser that signed in before gets through the address limit and the account lock', async () => {
    const owner = await insertStaff(t.database.db, { type: 'Team' });
    const first = await login(owner.email, owner.password);
    const cookie = deviceCookieOf(first);
    expect(first.headers['set-cookie']).toMatch(/HttpOnly; SameSite=Strict/);
    expect(first.headers['set-cookie']).toMatch(/Path=\/api\/admin\/admin-login/);
    // Someone else, from the same address and from others, locks the account and floods the address.
    for (let i = 0; i < 10; i++) await login(owner.email, `guess-${i}`, `198.51.100.${i + 1}`);
    for (let i = 0; i < 100; i++) await login(`spray${i}@example.com`, 'x');
    expect([423, 429]).toContain((await login(owner.email, owner.password)).statusCode);
    const withCookie = await login(owner.email, owner.password, OFFICE, cookie);
    expect(withCookie.json().status).toBe(1);
    // The cookie is for that account only, and a forged one is worthless.
    const other = await insertStaff(t.database.db, { type: 'Team' });
    expect((await login(other.email, other.password, OFFICE, cookie)).statusCode).toBe(429);
    const forged = await login(owner.email, owner.password, OFFICE, `${cookie.slice(0, -2)}xx`);
    expect([423, 429]).toContain(forged.statusCode);
  });

  it('the device cookie’s own failures are limited too', async () => {
    const owner = await insertStaff(t.database.db, { type: 'Team' });
    const cookie = deviceCookieOf(await login(owner.email, owner.password, '198.51.100.50'));
    const answers: number[] = [];
    for (let i = 0; i < 12; i++)
      answers.push((await login(owner.email, `x-${i}`, `198.51.100.${60 + i}`, cookie)).statusCode);
    // 10 checked against the cookie, then the cookie is no longer trusted: the ordinary account lock applies.
    expect(answers.slice(0, 10).every((code) => code === 401)).toBe(true);
    expect(answers.slice(10).every((code) => code !== 200)).toBe(true);
  });

  it('an Admin or a Manager unlocks an account from the team screen (audited); a Team member cannot', async () => {
    const admin = await t.signInAs('Admin');
    const team = await t.signInAs('Team');
    const locked = await insertStaff(t.database.db, { type: 'Telecaller' });
    for (let i = 0; i < 10; i++) await login(locked.email, `guess-${i}`, `198.51.100.${i + 1}`);
    const list = await t.call({ method: 'GET', url: '/api/admin/get-team-member-list', token: admin.token });
    const row = list.json().data.find((m: { id: number }) => m.id === locked.id);
    expect(row.lockedUntil).toEqual(expect.any(String));
    const url = '/api/admin/unlock-team-member';
    const payload = { teamMemberId: locked.id };
    expect((await t.call({ method: 'PUT', url, token: team.token, payload })).statusCode).toBe(403);
    expect((await t.call({ method: 'PUT', url, token: admin.token, payload })).statusCode).toBe(200);
    expect((await login(locked.email, locked.password, '198.51.100.99')).json().status).toBe(1);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'account-unlocked'));
    expect(audit).toEqual([expect.objectContaining({ actorId: admin.id, target: `staff:${locked.id}` })]);
  });
});

describe('the idle timeout is the server’s (finding 16)', () => {
  it('a token unused for IDLE_TIMEOUT_MINUTES stops working; use keeps it alive; logout ends it', async () => {
    const member = await insertStaff(t.database.db, { type: 'Team' });
    const token = (await login(member.email, member.password)).json().jwtToken as string;
    const call = () => t.call({ method: 'GET', url: '/api/user_info', token });
    expect((await call()).statusCode).toBe(200);
    await t.database.db.update(staffSessions).set({ lastSeenAt: sql`now() - interval '29 minutes'` });
    expect((await call()).statusCode).toBe(200);
    // The request above counted as activity.
    await t.database.db.update(staffSessions).set({ lastSeenAt: sql`now() - interval '31 minutes'` });
    const idle = await call();
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toMatch(/without activity/);

    const again = (await login(member.email, member.password)).json().jwtToken as string;
    await t.call({ method: 'POST', url: '/api/admin/logout', token: again });
    expect(await t.database.db.select().from(staffSessions).where(eq(staffSessions.staffId, member.id))).toEqual([
      expect.objectContaining({ staffId: member.id }),
    ]);
    const [row] = await t.database.db.select().from(staff).where(eq(staff.id, member.id));
    expect(row?.tokenVersion).toBeGreaterThan(0);
  });
});
