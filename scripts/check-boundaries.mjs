// The layer rules of docs/architecture.md, which Biome cannot express:
// - imports only run down the layers, never up (a plugin never imports a feature, db/ never a
//   feature, a shared web component never a screen);
// - web features never import each other (they meet in app/);
// - a server feature imports another only through its public index.ts;
// - tests (*.test.ts, testing/) stand outside these rules, except for cycles;
// - no import cycles between features.
// Usage: node scripts/check-boundaries.mjs [root] (the root defaults to this repository).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));

/**
 * Each app's layers, highest first: a file may import its own layer or a lower one. The first
 * pattern a file's path (relative to `dir`) matches names its layer.
 */
const apps = [
  {
    dir: 'apps/server/src',
    features: 'features',
    crossFeature: 'index',
    layers: [
      // process entry points and the composition of the app: they wire everything together
      {
        name: 'entry',
        match:
          /^(app|server|background-jobs|app-context|pdf-jobs|pdf-worker)\.ts$|^db\/[^/]+-cli\.ts$|^features\/[^/]+\/[^/]+-cli\.ts$/,
      },
      { name: 'features', match: /^features\// },
      { name: 'plugins', match: /^plugins\// },
      { name: 'base', match: /^(lib|db)\/|^(config|paths)\.ts$/ },
    ],
  },
  {
    dir: 'apps/web/src',
    features: 'features',
    crossFeature: 'never',
    layers: [
      { name: 'entry', match: /^main\.tsx$/ },
      { name: 'app', match: /^app\// },
      { name: 'features', match: /^features\// },
      { name: 'base', match: /^(components|lib|config|hooks)\// },
    ],
  },
];
const importPattern = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const isTest = (relative) => /\.test\.tsx?$|(^|\/)testing\//.test(relative);

function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules') return [];
    return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const toPosix = (p) => p.split(path.sep).join('/');
const problems = [];
const edges = new Map();

for (const app of apps) {
  const base = path.join(root, app.dir);
  const layerOf = (relative) => app.layers.findIndex((layer) => layer.match.test(relative));
  const featureOf = (relative) => (relative.startsWith(`${app.features}/`) ? relative.split('/')[1] : undefined);

  for (const file of files(base)) {
    const from = toPosix(path.relative(base, file));
    const fromLayer = layerOf(from);
    const fromFeature = featureOf(from);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2];
      const to = toPosix(path.relative(base, path.resolve(path.dirname(file), specifier)));
      if (to.startsWith('..')) continue;
      const where = `${app.dir}/${from} → ${specifier}`;
      const toLayer = layerOf(to);
      // Tests stand outside the layers: they may set up and check any of them.
      if (!isTest(from) && fromLayer !== -1 && toLayer !== -1 && toLayer < fromLayer) {
        problems.push(`${where}: ${app.layers[fromLayer].name}/ may not import ${app.layers[toLayer].name}/ (upward)`);
      }
      const toFeature = featureOf(to);
      if (!fromFeature || !toFeature || toFeature === fromFeature) continue;
      if (app.crossFeature === 'never') {
        problems.push(`${where}: features meet in app/, not in each other`);
      } else if (
        !isTest(from) &&
        to !== `${app.features}/${toFeature}` &&
        to !== `${app.features}/${toFeature}/index`
      ) {
        problems.push(`${where}: another feature is imported through its index.ts`);
      }
      const key = `${app.dir}:${fromFeature}`;
      if (!edges.has(key)) edges.set(key, new Set());
      edges.get(key).add(`${app.dir}:${toFeature}`);
    }
  }
}

// Cycles between features make them one feature in two folders.
const state = new Map();
function visit(node, trail) {
  if (state.get(node) === 'done') return;
  if (state.get(node) === 'active') {
    problems.push(`feature import cycle: ${[...trail.slice(trail.indexOf(node)), node].join(' → ')}`);
    return;
  }
  state.set(node, 'active');
  for (const next of edges.get(node) ?? []) visit(next, [...trail, node]);
  state.set(node, 'done');
}
for (const node of edges.keys()) visit(node, []);

if (problems.length) {
  console.error(`Layer boundaries broken:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('layer boundaries: ok');
