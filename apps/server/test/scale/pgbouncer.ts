import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface PgBouncer {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export interface PgBouncerOptions {
  port: number;
  /** the PostgreSQL server behind it */
  serverHost?: string;
  serverPort?: number;
  poolSize?: number;
}

/** Debian's binary; `apt-get install pgbouncer` where it is missing. */
export function findPgBouncer(): string | undefined {
  for (const candidate of ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']) if (existsSync(candidate)) return candidate;
  try {
    return execFileSync('which', ['pgbouncer'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The settings a deployment uses (README "Deployment"): transaction pooling, every database of
 * the server through one wildcard entry, and the two session settings the server sends at
 * connection start ignored (PgBouncer before 1.20 refuses unknown start-up parameters; set them
 * on the role instead, `ALTER ROLE … SET statement_timeout = '30s'`).
 */
export function pgBouncerIni(dir: string, options: PgBouncerOptions): string {
  return [
    '[databases]',
    `* = host=${options.serverHost ?? '127.0.0.1'} port=${options.serverPort ?? 5432}`,
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${options.port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${path.join(dir, 'userlist.txt')}`,
    'pool_mode = transaction',
    'max_client_conn = 1000',
    `default_pool_size = ${options.poolSize ?? 20}`,
    'ignore_startup_parameters = extra_float_digits,statement_timeout,idle_in_transaction_session_timeout',
    `logfile = ${path.join(dir, 'pgbouncer.log')}`,
    `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
    'admin_users = postgres',
    '',
  ].join('\n');
}

/** Starts PgBouncer on 127.0.0.1:port in front of the local PostgreSQL (trust auth, user postgres). */
export async function startPgBouncer(options: PgBouncerOptions): Promise<PgBouncer> {
  const binary = findPgBouncer();
  if (!binary) throw new Error('pgbouncer is not installed: apt-get install pgbouncer');
  const dir = mkdtempSync(path.join(tmpdir(), 'nzeta-pgbouncer-'));
  writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
  writeFileSync(path.join(dir, 'pgbouncer.ini'), pgBouncerIni(dir, options));
  const child: ChildProcess = spawn(binary, [...asUnprivileged(dir), path.join(dir, 'pgbouncer.ini')], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await isListening(options.port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      const log = readLog(dir);
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`pgbouncer did not start on ${options.port}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port: options.port,
    urlFor: (database) => `postgres://postgres@127.0.0.1:${options.port}/${database}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGINT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** PgBouncer refuses to run as root: there it runs as the postgres account, owning its folder. */
function asUnprivileged(dir: string): string[] {
  if (process.getuid?.() !== 0) return [];
  const user = 'postgres';
  const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
  for (const file of ['', 'userlist.txt', 'pgbouncer.ini']) chownSync(path.join(dir, file), uid, gid);
  return ['-u', user];
}

function readLog(dir: string): string {
  try {
    return readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8').slice(-4000);
  } catch {
    return '(no log)';
  }
}

export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
