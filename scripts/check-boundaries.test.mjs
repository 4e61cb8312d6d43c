// Plants imports in a throwaway tree and runs the boundary check on it: each rule must fail.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

const script = path.join(import.meta.dirname, 'check-boundaries.mjs');

/** Writes the files into a fresh root and runs the check there. */
function check(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), text);
    }
    const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
    return { ok: run.status === 0, output: run.stdout + run.stderr };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const server = 'apps/server/src';
const clean = {
  [`${server}/features/orders/index.ts`]: "export { listOrders } from './list-orders';\n",
  [`${server}/features/orders/list-orders.ts`]:
    "import { audit } from '../../lib/audit';\nexport const listOrders = audit;\n",
  [`${server}/features/console/search.ts`]:
    "import { listOrders } from '../orders';\nexport const search = listOrders;\n",
  [`${server}/plugins/auth.ts`]: "import { audit } from '../lib/audit';\nexport const auth = audit;\n",
  [`${server}/lib/audit.ts`]: 'export const audit = 1;\n',
  [`${server}/app.ts`]: "import { auth } from './plugins/auth';\nimport { search } from './features/console/search';\n",
};

test('a tree that keeps the rules passes', () => {
  const result = check(clean);
  assert.ok(result.ok, result.output);
});

test('a plugin importing a feature fails', () => {
  const result = check({
    ...clean,
    [`${server}/plugins/auth.ts`]: "import { listOrders } from '../features/orders';\n",
  });
  assert.equal(result.ok, false);
  assert.match(
    result.output,
    /plugins\/auth\.ts → \.\.\/features\/orders: plugins\/ may not import features\/ \(upward\)/,
  );
});

test('db/ or lib/ importing a feature fails', () => {
  const result = check({
    ...clean,
    [`${server}/db/factories.ts`]: "import type { X } from '../features/orders/list-orders';\n",
  });
  assert.equal(result.ok, false);
  assert.match(result.output, /db\/factories\.ts .*base\/ may not import features\//);
});

test('a feature reaching past another feature’s index.ts fails, its tests may', () => {
  const internal = "import { listOrders } from '../orders/list-orders';\n";
  const result = check({ ...clean, [`${server}/features/console/search.ts`]: internal });
  assert.equal(result.ok, false);
  assert.match(result.output, /through its index\.ts/);
  assert.ok(check({ ...clean, [`${server}/features/console/search.test.ts`]: internal }).ok);
});

test('a cycle between features fails', () => {
  const result = check({
    ...clean,
    [`${server}/features/orders/index.ts`]: "export { search } from '../console';\n",
    [`${server}/features/console/index.ts`]: "export { search } from './search';\n",
  });
  assert.equal(result.ok, false);
  assert.match(result.output, /feature import cycle/);
});

test('web: a shared component importing a screen, or one feature another, fails', () => {
  const web = 'apps/web/src';
  const upward = check({ [`${web}/components/menu.tsx`]: "import { Page } from '../features/folders/page';\n" });
  assert.equal(upward.ok, false);
  assert.match(upward.output, /base\/ may not import features\//);
  const across = check({ [`${web}/features/team/list.tsx`]: "import { Page } from '../folders/page';\n" });
  assert.equal(across.ok, false);
  assert.match(across.output, /features meet in app\//);
});

test('a test may import from any layer', () => {
  const result = check({
    ...clean,
    [`${server}/db/seed.test.ts`]: "import { listOrders } from '../features/orders/list-orders';\n",
  });
  assert.ok(result.ok, result.output);
});
