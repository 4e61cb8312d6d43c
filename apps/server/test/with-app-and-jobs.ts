import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type BackgroundJobs, startBackgroundJobs } from '../src/background-jobs';
import { createTestApp, type TestApp } from './test-app';

/**
 * One app and its background jobs for a whole test file, the tables emptied before each test;
 * `ready` hands both to the file once they run. Stopped (jobs first) after the last test.
 */
export function withAppAndJobs(ready: (app: TestApp, jobs: BackgroundJobs) => void): void {
  const running: Array<{ app: TestApp; jobs: BackgroundJobs }> = [];
  beforeAll(async () => {
    const app = await createTestApp();
    const started = { app, jobs: await startBackgroundJobs(app.app) };
    running.push(started);
    ready(started.app, started.jobs);
  });
  afterAll(async () => {
    for (const { app, jobs } of running.splice(0)) await jobs.stop().then(() => app.close());
  });
  beforeEach(() => Promise.all(running.map(({ app }) => app.database.reset())));
}
