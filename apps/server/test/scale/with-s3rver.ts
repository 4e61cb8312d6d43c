// Runs server test files with every test app's documents in a bucket of an S3-compatible server:
//   npm run test:s3 -- apps/server/src/features/visitor
import { spawn } from 'node:child_process';
import { S3RVER_KEY, startS3Server } from './s3-server';

const s3 = await startS3Server();
const args = process.argv.slice(2);
const hasProject = args.includes('--project');
const child = spawn('npx', ['vitest', 'run', ...(hasProject ? [] : ['--project', 'server-pglite']), ...args], {
  stdio: 'inherit',
  env: { ...process.env, TEST_S3_ENDPOINT: s3.endpoint, TEST_S3_KEY: S3RVER_KEY },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
await s3.stop();
process.exit(code);
