import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { descendants } from './process-tree';

/**
 * The real server (`node --import tsx src/server.ts`) in a process of its own: one process, so a
 * SIGKILL kills the server itself and nothing in between.
 */
export const serverEntry = path.resolve(import.meta.dirname, '../../../src/server.ts');
export const serverCwd = path.resolve(import.meta.dirname, '../../..');
export const repoRoot = path.resolve(serverCwd, '../..');
export const TEST_JWT_SECRET = 'reliability-test-secret-long-enough-for-hs256';

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** what the process wrote, for failure messages */
  output(): string;
  /** resolves when the process writes a line matching `pattern` (from now on) */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** resolves when the process has ended */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
  /** sends the signal and waits for the end */
  stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface StartOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  env?: Record<string, string>;
  /**
   * 'sources' (default): `node --import tsx src/server.ts`; 'npm start': the product exactly as
   * the README starts it, from the repository root (the compiled server in npm's one child).
   */
  via?: 'sources' | 'npm start';
  /** wait for GET /api/health to answer 200 (default true) */
  waitReady?: boolean;
  readyTimeoutMs?: number;
}

const running = new Set<ServerProcess>();

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const port = await freePort();
  const [command, args, cwd] =
    options.via === 'npm start'
      ? ['npm', ['start'], repoRoot]
      : [process.execPath, ['--import', 'tsx', serverEntry], serverCwd];
  const child = spawn(command, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: TEST_JWT_SECRET,
      ...options.env,
    },
  });
  let output = '';
  const watchers = new Set<{ pattern: RegExp; resolve: () => void }>();
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-20_000);
    for (const watcher of watchers) {
      if (watcher.pattern.test(text)) {
        watchers.delete(watcher);
        watcher.resolve();
      }
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const server: ServerProcess = {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    waitForOutput(pattern, timeoutMs = 30_000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no output matching ${pattern}:\n${output}`)), timeoutMs);
        watchers.add({
          pattern,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    },
    exited,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    async stop(signal) {
      // SIGKILL cannot be passed on by npm: its child would live on, holding the data folder
      const below = signal === 'SIGKILL' && child.pid ? descendants(child.pid) : [];
      if (server.isRunning()) child.kill(signal);
      for (const p of below) {
        try {
          process.kill(p.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      return exited;
    },
  };
  running.add(server);
  void exited.then(() => running.delete(server));
  if (options.waitReady !== false) await waitUntilReady(server, options.readyTimeoutMs ?? 120_000);
  return server;
}

export async function waitUntilReady(server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!server.isRunning()) throw new Error(`server exited during start:\n${server.output()}`);
    const ready = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await sleep(100);
  }
  throw new Error(`server did not become ready:\n${server.output()}`);
}

/** Ends every server a test left running (afterEach / afterAll). */
export async function killAllServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop('SIGKILL')));
}

export async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
