import { defineConfig } from 'vitest/config';

const projects = ['packages/domain', 'apps/web', 'apps/server/vitest.pglite.config.ts'];
// The server suite runs again on PostgreSQL when a server is available (DESIGN §1).
if (process.env.TEST_DATABASE_URL) projects.push('apps/server/vitest.postgres.config.ts');

// The default report, and the tests that passed only when retried (apps/server/test/retried-tests-reporter.ts).
export default defineConfig({
  test: { projects, reporters: ['default', './apps/server/test/retried-tests-reporter.ts'] },
});
