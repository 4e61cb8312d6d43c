import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testEngine } from '../../test/test-database';
import { openDatabase } from './client';

const idleAfter = async (idleConnectionMs: number | undefined, waitMs: number) => {
  const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, idleConnectionMs });
  try {
    await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.01)`)));
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    return database.poolStats().idle;
  } finally {
    await database.close();
  }
};

// The server keeps unused connections (SERVER_IDLE_CONNECTION_MS): a new one pays the catalogue
// read again on its first statement per table.
describe.runIf(testEngine === 'postgres')('unused pool connections', () => {
  it('stay open for as long as asked', async () => {
    expect(await idleAfter(60_000, 400)).toBe(3);
  });

  it('close once idle for longer', async () => {
    expect(await idleAfter(100, 400)).toBe(0);
  });
});
