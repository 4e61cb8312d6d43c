import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server-pglite',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    env: { TEST_DB_ENGINE: 'pglite', LOG_LEVEL: 'silent' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A truncate between tests can deadlock with an audit write still finishing after the
    // previous answer; one retry keeps such a collision from failing the run.
    retry: 1,
  },
});
