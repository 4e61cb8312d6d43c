import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchDatabaseTarget } from './bench-database';
import type { ReadyMessage } from './server/lifecycle';

const here = path.dirname(new URL(import.meta.url).pathname);

export interface ServerProcess {
  name: string;
  baseUrl: string;
  stop(): Promise<void>;
}

async function start(name: string, script: string, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child: ChildProcess = fork(path.resolve(here, 'server', script), [], {
    // BENCH_CPU_PROF=<folder> writes a V8 CPU profile of each server when it exits.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...process.env, ...env, BENCH_EVENT_LOOP: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} server did not start within 120 s`)), 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} server exited with code ${code}`));
    });
    child.on('message', (message: ReadyMessage) => {
      if (message?.ready) {
        clearTimeout(timer);
        resolve(message.port);
      }
    });
  });
  child.removeAllListeners('exit');
  return {
    name,
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** L1 and L2 on the same driver and pool size as the product. */
export function startBaselineServer(target: BenchDatabaseTarget): Promise<ServerProcess> {
  return start('baseline', 'baseline-server.ts', { DATABASE_URL: target.url ?? '', PORT: '0' });
}

/** The product, configured as in production, with throttles a load test would trip raised. */
export function startAppServer(target: BenchDatabaseTarget): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nzeta-bench-app-'));
  return start('app', 'app-server.ts', {
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: target.url ?? '',
    BENCH_PGLITE_DIR: target.dir ?? '',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    PUBLIC_APP_URL: 'http://127.0.0.1',
    MFA_ENCRYPTION_KEY: randomBytes(48).toString('base64url'),
    // Request logs go to a pipe here; what is measured is the application, not the terminal.
    LOG_LEVEL: 'warn',
    MAIL_WORKER: 'off',
    // The load generator is the proxy in front of the app: track-order names a client address
    // per visitor (X-Forwarded-For), so its throttles stay at their defaults.
    TRUST_PROXY: '127.0.0.1',
    // Sign-ins come from one client address: the per-address throttle would answer 429.
    LOGIN_IP_LIMIT: '1000000',
  });
}

const peerDir = path.resolve(here, '../peer');

/**
 * The peer: Platformatic DB's generated REST API over the same database (bench/peer). Its
 * packages live in their own folder, installed here on first use from the npm registry; install
 * scripts are skipped (it needs no native build, and nothing downloads a binary).
 */
export function startPeerServer(target: BenchDatabaseTarget): Promise<ServerProcess> {
  if (!target.url) throw new Error('The peer runs on PostgreSQL only.');
  if (!existsSync(path.join(peerDir, 'node_modules', '@platformatic', 'sql-mapper'))) {
    execFileSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--prefix', peerDir], {
      stdio: 'inherit',
    });
  }
  return start('peer', '../../peer/peer-server.ts', { DATABASE_URL: target.url, PORT: '0' });
}
