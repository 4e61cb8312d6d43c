// `npm run test:licences`: fails when a package the server or the web app ships (their
// `dependencies`, followed through node_modules as Node resolves them; dev dependencies are not
// shipped) is licensed AGPL, GPL or SSPL, or has no licence we can read. LGPL is allowed. An SPDX "A OR B" passes when one
// choice is allowed. `--summary` prints how many packages carry each licence.
// Usage: node scripts/check-licences.mjs [--root <repository>] [--summary]
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const SHIPPED = ['apps/server', 'apps/web'];
const FORBIDDEN = /^(?:AGPL|GPL|SSPL)\b/i;

const { values } = parseArgs({
  options: { root: { type: 'string' }, summary: { type: 'boolean', default: false } },
});
const root = path.resolve(values.root ?? path.join(import.meta.dirname, '..'));

const readManifest = (dir) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));

/** The folder of `name` as Node finds it from `fromDir` (node_modules up to the root). */
function locate(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dir === root || path.dirname(dir) === dir) return undefined;
  }
}

function licenceOf(manifest, dir) {
  const { license, licenses } = manifest;
  if (typeof license === 'string') return license;
  if (license?.type) return license.type;
  if (Array.isArray(licenses)) return licenses.map((l) => l.type ?? l).join(' OR ');
  return licenceFromFile(dir);
}

/** A package without a licence field: its LICENSE file's text, recognised for the usual few. */
function licenceFromFile(dir) {
  const file = readdirSync(dir).find((name) => /^(?:licen[cs]e|copying)/i.test(name));
  const text = file ? readFileSync(path.join(dir, file), 'utf8') : '';
  if (/GNU AFFERO GENERAL PUBLIC LICENSE/i.test(text)) return 'AGPL (LICENSE file)';
  if (/GNU LESSER GENERAL PUBLIC LICENSE/i.test(text)) return 'LGPL (LICENSE file)';
  if (/GNU GENERAL PUBLIC LICENSE/i.test(text)) return 'GPL (LICENSE file)';
  if (/Server Side Public License/i.test(text)) return 'SSPL (LICENSE file)';
  if (/Permission is hereby granted, free of charge/i.test(text)) return 'MIT';
  return 'UNKNOWN';
}

/** Forbidden unless an OR offers an allowed choice; with AND, any forbidden part forbids. */
function isForbidden(expression) {
  const choices = expression.replace(/[()]/g, ' ').split(/\s+OR\s+/i);
  return choices.every((choice) => choice.split(/\s+(?:AND|WITH)\s+/i).some((part) => FORBIDDEN.test(part.trim())));
}

const seen = new Map();
const missing = [];
function visit(dir, via) {
  const real = realpathSync(dir);
  if (seen.has(real)) return;
  const manifest = readManifest(real);
  const isWorkspace = !real.split(path.sep).includes('node_modules');
  seen.set(real, {
    name: manifest.name,
    version: manifest.version,
    licence: licenceOf(manifest, real),
    via,
    isWorkspace,
  });
  const dependencies = { ...manifest.dependencies, ...manifest.optionalDependencies };
  for (const name of Object.keys(dependencies)) {
    const found = locate(name, real);
    if (found) visit(found, `${via} > ${name}`);
    else if (!manifest.optionalDependencies?.[name]) missing.push(`${name} (needed by ${via})`);
  }
}
for (const workspace of SHIPPED) {
  if (existsSync(path.join(root, workspace, 'package.json'))) visit(path.join(root, workspace), workspace);
}

const packages = [...seen.values()].filter((p) => !p.isWorkspace);
const forbidden = packages.filter((p) => p.licence === 'UNKNOWN' || isForbidden(p.licence));
if (values.summary) {
  const counts = new Map();
  for (const p of packages) counts.set(p.licence, (counts.get(p.licence) ?? 0) + 1);
  for (const [licence, count] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`${count}\t${licence}`);
}
if (missing.length) console.warn(`Not installed (run npm install):\n  ${missing.join('\n  ')}`);
if (forbidden.length) {
  console.error('Licences the product may not ship (AGPL, GPL, SSPL, or none found):');
  for (const p of forbidden) console.error(`  ${p.name}@${p.version}: ${p.licence} (${p.via})`);
  process.exit(1);
}
console.log(`Licences: ${packages.length} shipped packages of ${SHIPPED.join(' and ')}, none AGPL, GPL or SSPL.`);
