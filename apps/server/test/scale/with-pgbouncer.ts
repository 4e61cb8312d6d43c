// Runs a command with the test databases behind PgBouncer in transaction mode:
//   npm run test:pgbouncer -- apps/server/src/features/orders
// TEST_DATABASE_URL points at PgBouncer (named prepared statements off), LISTEN goes to the server.
import { spawn } from 'node:child_process';
import { startPgBouncer } from './pgbouncer';

const port = Number(process.env.PGBOUNCER_PORT ?? 6433);
const server = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const argv = ['vitest', 'run', '--project', 'server-postgres', ...process.argv.slice(2)];

const bouncer = await startPgBouncer({ port, serverHost: server.hostname, serverPort: Number(server.port || 5432) });
const child = spawn('npx', argv, {
  stdio: 'inherit',
  env: {
    ...process.env,
    TEST_DATABASE_URL: bouncer.urlFor(server.pathname.slice(1) || 'postgres'),
    TEST_DATABASE_LISTEN_URL: server.toString(),
    DATABASE_PREPARED_STATEMENTS: process.env.DATABASE_PREPARED_STATEMENTS ?? 'off',
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
const code = await new Promise<number>((resolve) => child.once('exit', (c) => resolve(c ?? 1)));
await bouncer.stop();
process.exit(code);
