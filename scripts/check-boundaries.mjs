// Features never import each other's internals (STYLE.md): on the server they meet through a
// feature's exported operation files, on the web only in app/. Also forbids import cycles
// between features. Biome's own rule has no notion of "another feature folder", so this does.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const areas = [
  // web features may not import any other feature
  { dir: 'apps/web/src/features', allowCrossFeature: false },
  // server features may use another feature's modules, but never its routes or tests
  { dir: 'apps/server/src/features', allowCrossFeature: true },
];
const importPattern = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const problems = [];
const edges = new Map();
for (const area of areas) {
  const base = path.join(root, area.dir);
  for (const file of files(base)) {
    const feature = path.relative(base, file).split(path.sep)[0];
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(importPattern)) {
      const target = path.resolve(path.dirname(file), match[1] ?? match[2]);
      const relative = path.relative(base, target);
      if (relative.startsWith('..')) continue;
      const targetFeature = relative.split(path.sep)[0];
      if (targetFeature === feature) continue;
      const where = `${path.relative(root, file)} → ${match[1] ?? match[2]}`;
      if (!area.allowCrossFeature) problems.push(`${where}: features meet in app/, not in each other`);
      else if (/\.routes$|\.test$/.test(relative)) problems.push(`${where}: another feature's routes or tests`);
      const key = `${area.dir}:${feature}`;
      if (!edges.has(key)) edges.set(key, new Set());
      edges.get(key).add(`${area.dir}:${targetFeature}`);
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
  console.error(`Feature boundaries broken:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('feature boundaries: ok');
