import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';

export const serverDir = path.resolve(import.meta.dirname, '../..');

/** How an instance is started: the compiled server, as `npm start` runs it (buildServer first). */
export function instanceCommand(): [string, string[]] {
  return [process.execPath, [path.join(serverDir, 'dist/server.js')]];
}

/** Builds the server when its output is missing or older than its sources. */
export function buildServer(): void {
  execFileSync(process.execPath, [path.join(serverDir, '../../scripts/ensure-built.mjs'), 'server'], {
    stdio: 'inherit',
  });
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  isRunning(): boolean;
  pid(): number | undefined;
  start(): Promise<void>;
  /** SIGTERM, then waits for the exit; answers how long the stop took and the exit code */
  stop(signal?: NodeJS.Signals): Promise<{ ms: number; code: number | null }>;
  output(): string;
}

/** One server process on a fixed port, started again on the same port after a stop. */
export function createInstance(name: string, port: number, env: Record<string, string>): Instance {
  let child: ChildProcess | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);
  let output = '';
  const url = `http://127.0.0.1:${port}`;
  const isRunning = () => !!child && child.exitCode === null && child.signalCode === null;
  return {
    name,
    port,
    url,
    isRunning,
    pid: () => child?.pid,
    output: () => output,
    async start() {
      const [command, args] = instanceCommand();
      child = spawn(command, args, {
        cwd: serverDir,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
      });
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-20_000);
      };
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      const current = child;
      exited = new Promise((resolve) => current.once('exit', (code) => resolve(code)));
      const deadline = Date.now() + 120_000;
      for (;;) {
        if (!isRunning()) throw new Error(`${name} exited during start:\n${output}`);
        const ready = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
          (r) => r.ok,
          () => false,
        );
        if (ready) return;
        if (Date.now() > deadline) throw new Error(`${name} did not become ready:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop(signal = 'SIGTERM') {
      const started = Date.now();
      if (isRunning()) child?.kill(signal);
      const code = await exited;
      return { ms: Date.now() - started, code };
    },
  };
}
