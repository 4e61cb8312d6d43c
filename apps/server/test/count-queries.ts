import type { TestApp } from './test-app';

/** The text of each statement sent to the database driver (PGlite or the pg pool) while `work` runs. */
export async function recordQueries(database: Pick<TestApp['database'], 'db'>, work: () => Promise<unknown>) {
  const client = (database.db as unknown as { $client: Record<string, unknown> }).$client;
  const names = ['query', 'exec', 'transaction', 'connect'].filter((name) => typeof client[name] === 'function');
  const originals = new Map(names.map((name) => [name, client[name] as (...args: unknown[]) => unknown]));
  const texts: string[] = [];
  for (const [name, original] of originals) {
    client[name] = (...args: unknown[]) => {
      const [first] = args;
      texts.push(
        typeof first === 'string' ? first : String((first as { text?: unknown } | undefined)?.text ?? `(${name})`),
      );
      return original.apply(client, args);
    };
  }
  try {
    await work();
  } finally {
    for (const [name, original] of originals) client[name] = original;
  }
  return texts;
}

/** Counts the statements sent to the database driver (PGlite or the pg pool) while `work` runs. */
export async function countQueries(database: Pick<TestApp['database'], 'db'>, work: () => Promise<unknown>) {
  return (await recordQueries(database, work)).length;
}
