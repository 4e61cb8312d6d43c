import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countQueries } from '../../test/count-queries';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testEngine } from '../../test/test-database';
import { settings, staff, staffSessions } from '../db/schema';
import { MemberCache, type MemberCheck } from './member-cache';

/** Polls until `done` (at most `ms`): how long it took and in how many tries, or undefined if it never did. */
async function within(ms: number, done: () => Promise<boolean>): Promise<{ ms: number; tries: number } | undefined> {
  const start = performance.now();
  let tries = 0;
  while (performance.now() - start < ms) {
    tries++;
    if (await done()) return { ms: performance.now() - start, tries };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return (await done()) ? { ms: performance.now() - start, tries: tries + 1 } : undefined;
}

const CACHED = { MEMBER_CACHE_MAX_AGE_MS: '60000', FOLDER_COUNTS_MAX_AGE_MS: '60000' };
/** the bound a change made elsewhere must be heard within (today: the next request) */
const NOTICE_BOUND_MS = 1000;

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp(CACHED);
  // A second instance on the same database, with a cache of its own.
  b = await createTestApp(CACHED, { database: a.database });
});
beforeEach(() => a.database.reset());
afterAll(async () => {
  await b.close();
  await a.close();
});

const userInfo = (app: TestApp, token: string) => app.call({ method: 'GET', url: '/api/user_info', token });
const counts = (app: TestApp, token: string) => app.call({ method: 'GET', url: '/api/admin/get-folder-count', token });
const teamList = (app: TestApp, token: string) =>
  app.call({ method: 'GET', url: '/api/admin/get-team-member-list', token });

/** Warms both instances' caches for the token and checks it is answered from memory. */
async function warm(token: string) {
  for (const app of [a, b]) {
    expect((await userInfo(app, token)).statusCode).toBe(200);
    expect(await countQueries(app.database, () => userInfo(app, token))).toBe(0);
  }
}

/** How long until `app` answers `status` to the token (the same instance: the very next request). */
async function refusedWithin(app: TestApp, token: string, status: number, request = userInfo) {
  const took = await within(NOTICE_BOUND_MS, async () => (await request(app, token)).statusCode === status);
  expect(took, `answered ${status} within ${NOTICE_BOUND_MS} ms`).toBeDefined();
  return took as { ms: number; tries: number };
}

const shown = (took: { ms: number; tries: number }) => `${took.ms.toFixed(1)} ms (request ${took.tries})`;

describe('the member check from memory', () => {
  it('a folder-counts request with a warm cache touches the database not at all', async () => {
    const member = await a.signInAs('Team');
    expect((await counts(a, member.token)).statusCode).toBe(200);
    let answer: Awaited<ReturnType<typeof counts>> | undefined;
    const queries = await countQueries(a.database, async () => {
      answer = await counts(a, member.token);
    });
    expect(answer?.statusCode).toBe(200);
    expect(answer?.json().status).toBe(1);
    expect(queries).toBe(0);
    // The same request without the member cache asks the database.
    const uncached = await createTestApp({ ...CACHED, MEMBER_CACHE_MAX_AGE_MS: '0' }, { database: a.database });
    try {
      expect((await counts(uncached, member.token)).statusCode).toBe(200);
      expect(await countQueries(a.database, () => counts(uncached, member.token))).toBeGreaterThan(0);
    } finally {
      await uncached.close();
    }
  });

  it('a sign-out-everywhere refuses the token on the next request here and at once on the other instance', async () => {
    const member = await a.signInAs('Team');
    const other = await a.signInAs('Team');
    await warm(member.token);
    await warm(other.token);
    expect((await a.call({ method: 'POST', url: '/api/admin/logout', token: member.token })).statusCode).toBe(200);
    expect((await userInfo(a, member.token)).statusCode).toBe(401);
    const tookB = await refusedWithin(b, member.token, 401);
    console.info(`[member-cache] ${testEngine}: logout heard by the other instance in ${shown(tookB)}`);
    // Another member's sessions stay as they were.
    expect((await userInfo(b, other.token)).statusCode).toBe(200);
  });

  it('a revocation written by anyone (a script) is heard by both instances within the bound', async () => {
    const member = await a.signInAs('Team');
    await warm(member.token);
    await a.database.db
      .update(staff)
      .set({ tokenVersion: sql`${staff.tokenVersion} + 1` })
      .where(eq(staff.id, member.id));
    const tookA = await refusedWithin(a, member.token, 401);
    const tookB = await refusedWithin(b, member.token, 401);
    console.info(
      `[member-cache] ${testEngine}: token version bumped by a script, refused by a after ${shown(tookA)}, by b after ${shown(tookB)}`,
    );
    // PGlite hears it as the statement commits: the very next request is refused.
    if (testEngine === 'pglite') expect([tookA.tries, tookB.tries]).toEqual([1, 1]);
  });

  it('a role change applies at once, on both instances', async () => {
    const admin = await a.signInAs('Admin');
    const manager = await a.signInAs('Manager');
    await warm(manager.token);
    expect((await teamList(a, manager.token)).statusCode).toBe(200);
    expect((await teamList(b, manager.token)).statusCode).toBe(200);
    // Through the app the role change revokes the member's tokens.
    const [row] = await a.database.db.select().from(staff).where(eq(staff.id, manager.id));
    const payload = { tmId: manager.id, name: row?.name, email: row?.email, type: 'Team', password: '' };
    const changed = await a.call({ method: 'POST', url: '/api/admin/update-team-member', token: admin.token, payload });
    expect(changed.statusCode).toBe(200);
    expect((await userInfo(a, manager.token)).statusCode).toBe(401);
    await refusedWithin(b, manager.token, 401);

    // Written straight into the database, the role alone: the member keeps the token, not the rights.
    const other = await a.signInAs('Manager');
    await warm(other.token);
    await a.database.db.update(staff).set({ type: 'Team' }).where(eq(staff.id, other.id));
    await refusedWithin(a, other.token, 403, teamList);
    await refusedWithin(b, other.token, 403, teamList);
  });

  it('a deleted member is refused on both instances', async () => {
    const admin = await a.signInAs('Admin');
    const member = await a.signInAs('Team');
    await warm(member.token);
    const payload = { teamMemberId: member.id };
    const deleted = await a.call({ method: 'PUT', url: '/api/admin/delete-team-member', token: admin.token, payload });
    expect(deleted.statusCode).toBe(200);
    expect((await userInfo(a, member.token)).statusCode).toBe(401);
    await refusedWithin(b, member.token, 401);
  });

  it('an ended session (idle purge, or moved back past the idle timeout) is refused', async () => {
    const member = await a.signInAs('Team');
    await warm(member.token);
    await a.database.db.delete(staffSessions).where(eq(staffSessions.staffId, member.id));
    await refusedWithin(a, member.token, 401);
    await refusedWithin(b, member.token, 401);

    const idle = await a.signInAs('Team');
    await warm(idle.token);
    await a.database.db
      .update(staffSessions)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'` })
      .where(eq(staffSessions.staffId, idle.id));
    await refusedWithin(a, idle.token, 401);
    await refusedWithin(b, idle.token, 401);
  });

  it('the REQUIRE_MFA setting applies at once, on both instances', async () => {
    const admin = await a.signInAs('Admin');
    const member = await a.signInAs('Team');
    await warm(member.token);
    const current = (await a.call({ method: 'GET', url: '/api/admin/settings', token: admin.token })).json().data;
    const { sla: _, ...input } = current;
    const saved = await a.call({
      method: 'PUT',
      url: '/api/admin/settings',
      token: admin.token,
      payload: { ...input, requireMfa: true },
    });
    expect(saved.statusCode).toBe(200);
    await refusedWithin(a, member.token, 403, counts);
    await refusedWithin(b, member.token, 403, counts);
    expect((await counts(b, member.token)).json().code).toBe('mfa-setup-required');

    // Turned off by a script: both instances let the member in again.
    await a.database.db.update(settings).set({ value: false }).where(eq(settings.key, 'requireMfa'));
    await refusedWithin(a, member.token, 200, counts);
    await refusedWithin(b, member.token, 200, counts);
  });

  it('a request a minute after the last one still writes the last-seen time', async () => {
    const member = await a.signInAs('Team');
    await a.database.db
      .update(staffSessions)
      .set({ lastSeenAt: sql`now() - interval '5 minutes'` })
      .where(eq(staffSessions.staffId, member.id));
    await refusedWithin(a, member.token, 200);
    const [session] = await a.database.db.select().from(staffSessions).where(eq(staffSessions.staffId, member.id));
    expect(Date.now() - new Date(session?.lastSeenAt as string).getTime()).toBeLessThan(30_000);
    // Answered from memory now (on PostgreSQL once the notice of the write above has arrived),
    // with no second write within the minute.
    expect(
      await within(
        NOTICE_BOUND_MS,
        async () => (await countQueries(a.database, () => userInfo(a, member.token))) === 0,
      ),
    ).toBeDefined();
  });
});

describe.skipIf(testEngine !== 'postgres')('when the listening connection is lost', () => {
  it('nothing is answered from memory until it is back', async () => {
    const member = await a.signInAs('Team');
    await warm(member.token);
    await a.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
    );
    expect(await within(3000, async () => a.database.listenerEpoch() === undefined)).toBeDefined();
    // A change nobody hears of: the database is asked.
    await a.database.db
      .update(staff)
      .set({ tokenVersion: sql`${staff.tokenVersion} + 1` })
      .where(eq(staff.id, member.id));
    expect((await userInfo(a, member.token)).statusCode).toBe(401);
    const fresh = await a.signInAs('Team');
    expect((await userInfo(a, fresh.token)).statusCode).toBe(200);
    expect(a.app.ctx.members.size).toBe(0);
    // Back (reconnected after 500 ms): kept again.
    expect(await within(5000, async () => a.database.listenerEpoch() !== undefined)).toBeDefined();
    expect((await userInfo(a, fresh.token)).statusCode).toBe(200);
    expect(await countQueries(a.database, () => userInfo(a, fresh.token))).toBe(0);
  });
});

describe('MemberCache', () => {
  const check = (id: number): MemberCheck => ({
    id,
    name: 'A',
    type: 'Team',
    tokenVersion: 0,
    mfaEnabled: false,
    mfaRequired: false,
    lastSeenAt: new Date().toISOString(),
  });
  const fakeDatabase = () => {
    const state = {
      epoch: 1 as number | undefined,
      heard: undefined as ((payload: string) => void) | undefined,
    };
    const database = {
      listen: async (_channel: string, onMessage: (payload: string) => void) => {
        state.heard = onMessage;
        return async () => undefined;
      },
      listenerEpoch: () => state.epoch,
    };
    return { state, database };
  };

  /** A load of member 1 that counts how often it ran. */
  const countingLoad = () => {
    const counter = {
      runs: 0,
      load: async () => {
        counter.runs++;
        return check(1);
      },
    };
    return counter;
  };

  it('keeps nothing while not listening, and drops what the lost connection would have ended', async () => {
    const { state, database } = fakeDatabase();
    const cache = new MemberCache(database, 60_000);
    await cache.start();
    const counter = countingLoad();
    const load = counter.load;
    await cache.check(1, 's', load);
    await cache.check(1, 's', load);
    expect(counter.runs).toBe(1);
    state.epoch = undefined;
    await cache.check(1, 's', load);
    await cache.check(1, 's', load);
    expect(counter.runs).toBe(3);
    state.epoch = 2;
    await cache.check(1, 's', load);
    await cache.check(1, 's', load);
    expect(counter.runs).toBe(4);
  });

  it('does not keep a load that a change overtook, and forgets by member or all', async () => {
    const { state, database } = fakeDatabase();
    const cache = new MemberCache(database, 60_000);
    await cache.start();
    const overtaken = async () => {
      state.heard?.('member:1');
      return check(1);
    };
    await cache.check(1, 's', overtaken);
    expect(cache.size).toBe(0);
    await cache.check(1, 's', async () => check(1));
    await cache.check(2, 's', async () => check(2));
    expect(cache.size).toBe(2);
    state.heard?.('member:1');
    expect(cache.size).toBe(1);
    state.heard?.('');
    expect(cache.size).toBe(0);
    // A refusal (no session) is never kept.
    await cache.check(3, 's', async () => ({ ...check(3), lastSeenAt: null }));
    await cache.check(4, 's', async () => undefined);
    expect(cache.size).toBe(0);
  });

  it('serves an entry for the max age at most, and keeps a bounded number', async () => {
    const { database } = fakeDatabase();
    const cache = new MemberCache(database, 30, 2);
    await cache.start();
    const counter = countingLoad();
    const load = counter.load;
    await cache.check(1, 's', load);
    await cache.check(1, 's', load);
    expect(counter.runs).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await cache.check(1, 's', load);
    expect(counter.runs).toBe(2);
    await cache.check(2, 's', async () => check(2));
    await cache.check(3, 's', async () => check(3));
    expect(cache.size).toBe(2);
    const off = new MemberCache(database, 0);
    await off.start();
    await off.check(1, 's', load);
    await off.check(1, 's', load);
    expect(counter.runs).toBe(4);
  });
});
