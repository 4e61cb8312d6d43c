// Builds the web app and the server when their output is missing or older than their sources:
// `npm start`, the command-line tools and the test setup call it, so a fresh clone or an edited
// checkout never runs stale code.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const at = (p) => path.join(root, p);
const domain = 'packages/domain/src';

function newest(file) {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(file).map((name) => newest(path.join(file, name))));
}

const isStale = (output, sources) =>
  !existsSync(output) || statSync(output).mtimeMs < Math.max(...sources.map((p) => newest(at(p))));

export const serverEntry = (name) => at(`apps/server/dist/${name}.js`);

export async function ensureServerBuilt() {
  if (!isStale(serverEntry('server'), ['apps/server/src', 'apps/server/build.mjs', domain])) return;
  console.log('Building the server…');
  // esbuild is a dev dependency: a pruned production install ships its dist/ already built
  const { buildServer } = await import(pathToFileURL(at('apps/server/build.mjs')).href);
  await buildServer();
}

export function ensureWebBuilt() {
  if (!isStale(at('apps/web/dist/index.html'), ['apps/web/src', 'apps/web/index.html', domain])) return;
  console.log('Building the web app…');
  // a child that ends before the server starts: the server still runs in the caller's process
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}

// `node scripts/ensure-built.mjs server` (the server test suites' global setup)
if (process.argv[1] === import.meta.filename && process.argv[2] === 'server') await ensureServerBuilt();
