// `npm run build -w apps/server`: the server and its command-line tools as plain JavaScript in
// dist/, run by `node` without a TypeScript loader. Our own TypeScript (the server and
// @nzeta/domain) is bundled; every npm package stays an import of node_modules, so native and
// WASM packages (argon2, sharp, PGlite) load their files as they expect.
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = import.meta.dirname;
const outdir = path.join(here, 'dist');
const manifest = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
const runtime = new Set([
  ...Object.keys(manifest(here).dependencies),
  ...Object.keys(manifest(path.join(here, '../../packages/domain')).dependencies),
]);
const requireHere = createRequire(path.join(here, 'package.json'));

export const entryPoints = {
  server: 'src/server.ts',
  // the PDF worker thread's entry, beside the chunk that starts it (src/pdf-jobs.ts)
  'pdf-worker': 'src/pdf-worker.ts',
  'create-admin': 'src/db/create-admin-cli.ts',
  seed: 'src/db/seed-cli.ts',
  backup: 'src/features/backup/backup-cli.ts',
};

const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
/**
 * npm packages stay external. A deep import Node cannot resolve as written (tsx and bundlers add
 * the extension: `dayjs/plugin/utc`, `nodemailer/lib/mail-composer`) is rewritten to the file
 * it names. A package missing from `dependencies` would be gone after `npm prune --omit=dev`:
 * the build fails instead.
 */
const externalPackages = (problems) => ({
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || args.path.startsWith('@nzeta/')) return undefined;
      const name = packageName(args.path);
      if (!runtime.has(name)) problems.push(`${args.path} (imported by ${args.importer})`);
      if (args.path === name || hasExports(name)) return { path: args.path, external: true };
      const file = requireHere.resolve(args.path);
      const packageDir = path.dirname(requireHere.resolve(`${name}/package.json`));
      return { path: `${name}/${path.relative(packageDir, file).split(path.sep).join('/')}`, external: true };
    });
  },
});

function hasExports(name) {
  try {
    return Boolean(manifest(path.dirname(requireHere.resolve(`${name}/package.json`))).exports);
  } catch {
    // a package whose exports map hides package.json has exports
    return true;
  }
}

/**
 * Builds into a folder of its own, then swaps it in: a server starting meanwhile (or a second
 * build, as parallel test files may run one) never sees a half-written dist/.
 */
export async function buildServer() {
  const problems = [];
  const staging = `${outdir}-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: here,
    entryPoints,
    outdir: staging,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    splitting: true,
    // flat: every file of dist/ sits at the same depth below the package (src/paths.ts)
    chunkNames: 'chunk-[hash]',
    sourcemap: true,
    // class and function names kept for stack traces and logs
    keepNames: true,
    logLevel: 'warning',
    plugins: [externalPackages(problems)],
  });
  // esbuild's service process would otherwise live on beside the server `npm start` runs next
  await esbuild.stop();
  if (problems.length) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`Imported at run time but not in apps/server's dependencies:\n  ${problems.join('\n  ')}`);
  }
  rmSync(outdir, { recursive: true, force: true });
  try {
    renameSync(staging, outdir);
  } catch {
    // another build swapped its identical output in first
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer();
  console.log(`server built into ${path.relative(process.cwd(), outdir) || '.'}`);
}
