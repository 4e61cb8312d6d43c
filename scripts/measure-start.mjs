// Start-up time and resident memory of the server as started by an entry script (default: the
// one `npm start` runs): from spawning `node <entry>` until GET /api/health answers 200, then the
// resident memory of every process of its tree, summed, once ready and again after 200 requests.
// One warm-up start migrates a fresh PGlite data folder; the median of --runs starts is printed.
// Usage: node scripts/measure-start.mjs [--entry scripts/start.mjs] [--runs 5] [--port 3000]
//   [--database-url postgres://…] (PostgreSQL instead of PGlite)
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    entry: { type: 'string', default: 'scripts/start.mjs' },
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: '3000' },
    'database-url': { type: 'string', default: '' },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'nzeta-measure-'));
const url = `http://127.0.0.1:${values.port}`;

function processes() {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const ppid = Number(/PPid:\s+(\d+)/.exec(status)?.[1]);
        const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
        return [{ pid: Number(pid), ppid, rssKb }];
      } catch {
        return [];
      }
    });
}

function tree(pid) {
  const all = processes();
  const inTree = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (inTree.has(p.ppid) && !inTree.has(p.pid)) {
        inTree.add(p.pid);
        grew = true;
      }
    }
  }
  return all.filter((p) => inTree.has(p.pid));
}

function treeRssMiB(pid) {
  const members = tree(pid);
  return { mib: members.reduce((sum, p) => sum + p.rssKb, 0) / 1024, processes: members.length };
}

async function startOnce() {
  const started = performance.now();
  const child = spawn(process.execPath, [values.entry], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: values.port,
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  while (
    !(await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`${values.entry} ended with code ${child.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyMs = performance.now() - started;
  const atReady = treeRssMiB(child.pid);
  for (let i = 0; i < 200; i++) await fetch(`${url}/api/app-config`).then((r) => r.arrayBuffer());
  const afterLoad = treeRssMiB(child.pid);
  const members = tree(child.pid);
  child.kill('SIGTERM');
  await exited;
  // a wrapper may leave its server behind (the old start did): it is ended here
  await new Promise((resolve) => setTimeout(resolve, 3000));
  for (const p of members) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // gone, as it should be
    }
  }
  return { readyMs, atReady, afterLoad };
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];
try {
  await startOnce();
  const runs = [];
  for (let i = 0; i < Number(values.runs); i++) runs.push(await startOnce());
  console.log(
    `${values.entry}: ready after ${Math.round(median(runs.map((r) => r.readyMs)))} ms (median of ${runs.length}), ` +
      `${runs[0].atReady.processes} processes, resident memory ${Math.round(median(runs.map((r) => r.atReady.mib)))} MiB ` +
      `when ready, ${Math.round(median(runs.map((r) => r.afterLoad.mib)))} MiB after 200 requests`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
