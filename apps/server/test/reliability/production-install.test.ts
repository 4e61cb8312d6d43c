import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApplication, toIntakeBody } from '../../src/db/factories';
import { descendants, stillRunning } from './support/process-tree';
import { reportFigure } from './support/report';
import { freePort, repoRoot, sleep } from './support/server-process';
import { createTarget, type Target } from './support/target';

/**
 * The README's deploy recipe, in a copy of the repository (never in this checkout): build,
 * `npm prune --omit=dev`, then the first Admin from `npm run create-admin` (password on stdin),
 * `npm start` in production mode, sign in, an order from the intake API, open it, SIGTERM.
 * The installed node_modules stand in for `npm ci` (this machine installs from a registry
 * mirror; the recipe's own commands then run offline). Runs once: on PostgreSQL when the suite
 * has one (the production engine), on PGlite otherwise.
 */
const runsHere = !(process.env.TEST_DB_ENGINE === 'pglite' && process.env.TEST_DATABASE_URL);
const DEV_ONLY = [
  'tsx',
  'esbuild',
  'vite',
  'vitest',
  'typescript',
  '@biomejs/biome',
  'drizzle-kit',
  '@playwright/test',
];
const SECRET = 'production-install-test-secret-0123456789';
const INTAKE_KEY = 'production-install-intake-key';

let copy = '';
let target: Target | undefined;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}, input?: string): string {
  const result = spawnSync(command, args, {
    cwd: copy,
    env: { ...process.env, ...env },
    input,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** The checkout's files (tracked, or new and not ignored: no dist/, no data/) and installed packages. */
function copyRepository(into: string): void {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file && existsSync(path.join(repoRoot, file)));
  for (let i = 0; i < files.length; i += 500) {
    execFileSync('cp', ['-a', '--parents', '-t', into, ...files.slice(i, i + 500)], { cwd: repoRoot });
  }
  // Hard links: a real copy of 500 MB took up to a minute on a busy disk. The recipe only removes
  // files from node_modules (unlinking a link leaves this checkout's file alone) and writes one
  // existing file there in place, npm's hidden lock file, which therefore gets a copy of its own
  // (checked with strace: build and prune open no other existing file in node_modules to write).
  const installed = [
    'node_modules',
    'apps/server/node_modules',
    'apps/web/node_modules',
    'packages/domain/node_modules',
  ];
  const present = installed.filter((dir) => existsSync(path.join(repoRoot, dir)));
  try {
    execFileSync('cp', ['-al', '--parents', '-t', into, ...present], { cwd: repoRoot, stdio: 'pipe' });
  } catch {
    // the temporary folder is on another file system: links cannot cross it
    execFileSync('cp', ['-a', '--parents', '-t', into, ...present], { cwd: repoRoot });
  }
  const hiddenLock = 'node_modules/.package-lock.json';
  if (existsSync(path.join(repoRoot, hiddenLock))) {
    execFileSync('cp', ['--remove-destination', path.join(repoRoot, hiddenLock), path.join(into, hiddenLock)]);
  }
}

describe.skipIf(!runsHere)('production install (README "Deploying")', () => {
  afterAll(async () => {
    if (copy) rmSync(copy, { recursive: true, force: true });
    await target?.destroy();
  }, 120_000);

  it('builds, runs without dev dependencies, serves a signed-in member an order, and stops on SIGTERM', async () => {
    const started = performance.now();
    copy = mkdtempSync(path.join(tmpdir(), 'nzeta-production-'));
    copyRepository(copy);
    const copied = performance.now();

    run('npm', ['run', 'build']);
    run('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund']);
    for (const name of DEV_ONLY) expect(existsSync(path.join(copy, 'node_modules', name)), name).toBe(false);
    const pruned = performance.now();

    target = await createTarget('production');
    const dataDir = path.join(copy, 'data');
    mkdirSync(dataDir);
    const port = await freePort();
    const env = {
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      MFA_ENCRYPTION_KEY: `${SECRET}-mfa`,
      PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: target.databaseUrl ?? '',
      INTAKE_API_KEY: INTAKE_KEY,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    };
    const created = run(
      'npm',
      ['run', '--silent', 'create-admin', '--', '--email', 'ops@example.org', '--name', 'Ops Admin'],
      env,
      'correct-horse-battery\n',
    );
    expect(created).toContain('Admin Ops Admin <ops@example.org> created');
    // demo data is refused in production
    expect(() => run('npm', ['run', '--silent', 'seed', '--', '--orders', '1'], env)).toThrow(/Refusing to seed/);

    const server = spawn('npm', ['start'], {
      cwd: copy,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk) => (output += chunk));
    server.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    try {
      const url = `http://127.0.0.1:${port}`;
      const startAt = performance.now();
      while (
        !(await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (server.exitCode !== null) throw new Error(`npm start ended:\n${output}`);
        if (performance.now() - startAt > 60_000) throw new Error(`not ready after 60 s:\n${output}`);
        await sleep(100);
      }
      const readyMs = performance.now() - startAt;
      expect(output).not.toMatch(/Building/);

      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');

      const intake = await fetch(`${url}/api/intake/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': INTAKE_KEY },
        body: JSON.stringify(toIntakeBody(buildApplication({ email: 'traveller@example.org' }), 'PROD-1')),
      });
      expect(intake.status).toBe(200);
      const orderId = ((await intake.json()) as { data: { order_id: number } }).data.order_id;

      const login = await fetch(`${url}/api/admin/admin-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ops@example.org', password: 'correct-horse-battery' }),
      });
      expect(login.status).toBe(200);
      const { jwtToken } = (await login.json()) as { jwtToken: string };
      const detail = await fetch(`${url}/api/admin/get-orders-details/${orderId}`, {
        headers: { authorization: `Bearer ${jwtToken}` },
      });
      expect(detail.status).toBe(200);
      expect(JSON.stringify(await detail.json())).toContain('traveller@example.org');

      const tree = descendants(server.pid ?? 0);
      const signalledAt = performance.now();
      server.kill('SIGTERM');
      const code = await exited;
      const stopMs = performance.now() - signalledAt;
      expect(code).toBe(0);
      expect(stillRunning(tree.map((p) => p.pid))).toEqual([]);
      reportFigure(
        `Production install (${target.engine}): copy ${Math.round((copied - started) / 1000)} s, build and ` +
          `prune ${Math.round((pruned - copied) / 1000)} s, ready ${Math.round(readyMs)} ms after npm start, ` +
          `signed in, order opened, exit code ${code} ${Math.round(stopMs)} ms after SIGTERM`,
      );
    } finally {
      if (server.exitCode === null) {
        for (const p of descendants(server.pid ?? 0)) process.kill(p.pid, 'SIGKILL');
        server.kill('SIGKILL');
      }
    }
  }, 300_000);
});
