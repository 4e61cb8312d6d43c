// Fails when the first load of the sign-in route or of a folder route ships more than 170 KB
// of gzipped JavaScript. The first load is the entry chunk plus everything it imports
// statically, plus the lazily loaded chunk of the route's feature.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const LIMIT = 170 * 1024;
const dist = process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const gzipped = new Map();
function size(file) {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return gzipped.get(file);
}

function collect(key, seen) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(imported, seen);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const routes = {
  'sign-in (/)': ['src/features/auth/components/sign-in-page.tsx'],
  'folder (/admin/recent-order)': ['src/features/folders/pages.ts'],
};
let failed = false;
for (const [route, lazyKeys] of Object.entries(routes)) {
  const seen = new Set();
  collect(entryKey, seen);
  for (const key of lazyKeys) collect(key, seen);
  const total = [...seen].reduce((sum, key) => sum + size(manifest[key].file), 0);
  const ok = total <= LIMIT;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${route}: ${(total / 1024).toFixed(1)} KB gzipped JS (limit ${LIMIT / 1024} KB)`,
  );
}
process.exit(failed ? 1 : 0);
