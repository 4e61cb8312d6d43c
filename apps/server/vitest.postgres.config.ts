import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server-postgres',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Unit tests that touch no database need not run twice.
    exclude: ['**/*.unit.test.ts'],
    env: { TEST_DB_ENGINE: 'postgres', LOG_LEVEL: 'silent' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A truncate between tests can deadlock with an audit write still finishing after the
    // previous answer; one retry keeps such a collision from failing the run.
    retry: 1,
  },
});
