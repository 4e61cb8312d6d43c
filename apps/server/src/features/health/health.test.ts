import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health probes', () => {
  it('readiness answers 200 with the engine once the database answers and is migrated', async () => {
    const answer = await t.call({ method: 'GET', url: '/api/health' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 1, message: 'ready', data: { database: t.database.engine } });
  });

  it('liveness answers without asking the database', async () => {
    let queries = 0;
    const execute = t.database.db.execute.bind(t.database.db);
    t.database.db.execute = ((query: Parameters<typeof execute>[0]) => {
      queries += 1;
      return execute(query);
    }) as typeof execute;
    try {
      const answer = await t.call({ method: 'GET', url: '/api/health/live' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ status: 1, message: 'alive' });
      expect(queries).toBe(0);
    } finally {
      t.database.db.execute = execute;
    }
  });

  it('readiness answers 503 while the latest migration is missing', async () => {
    const db = t.database.db;
    const [latest] = (
      (await db.execute(
        sql`select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: Array<{ id: number; hash: string; created_at: string }> }
    ).rows;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${latest?.id}`);
    const other = await createTestApp({}, { database: t.database });
    try {
      const answer = await other.call({ method: 'GET', url: '/api/health' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ status: 0, message: 'migrations not applied' });
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${latest?.id}, ${latest?.hash}, ${latest?.created_at})`,
      );
      await other.close();
    }
  });

  it('readiness turns 503 as soon as the server starts stopping, while the request in flight finishes', async () => {
    const other = await createTestApp({}, { database: t.database });
    const url = await other.app.listen({ port: 0, host: '127.0.0.1' });
    const db = t.database.db;
    const execute = db.execute.bind(db);
    let openGate: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    // the probe in flight when the signal comes waits in its database check
    db.execute = (async (query: Parameters<typeof execute>[0]) => {
      await gate;
      return execute(query);
    }) as typeof execute;
    try {
      const inFlight = fetch(`${url}/api/health`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const closing = other.app.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const newProbe = await fetch(`${url}/api/health`).then(
        (r) => r.status,
        () => 'refused',
      );
      openGate();
      const answer = await inFlight;
      await closing;
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({ status: 0, message: 'shutting down' });
      // the listening socket closed at once: a new probe cannot reach a 200
      expect([503, 'refused']).toContain(newProbe);
    } finally {
      db.execute = execute;
    }
  });
});
