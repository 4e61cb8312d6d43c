import type { TestApp } from './test-app';

/** Counts the statements sent to the database driver (PGlite or the pg pool) while `work` runs. */
export async function countQueries(database: TestApp['database'], work: () => Promise<unknown>): Promise<number> {
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
  const names = ['query', 'exec', 'transaction', 'connect'].filter((name) => typeof client[name] === 'function');
  const originals = new Map(names.map((name) => [name, client[name] as (...args: unknown[]) => unknown]));
  let count = 0;
  for (const [name, original] of originals) {
    client[name] = (...args: unknown[]) => {
      count++;
      return original.apply(client, args);
    };
  }
  try {
    await work();
  } finally {
    for (const [name, original] of originals) client[name] = original;
  }
  return count;
}
