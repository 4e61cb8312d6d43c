import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/** scripts/check-licences.mjs, the licence gate of `npm test`, on planted dependency trees. */
const script = path.resolve(import.meta.dirname, '../../../../scripts/check-licences.mjs');
const folders: string[] = [];

function check(root?: string) {
  const result = spawnSync(process.execPath, [script, ...(root ? ['--root', root] : [])], { encoding: 'utf8' });
  return { code: result.status, output: result.stdout + result.stderr };
}

function write(dir: string, manifest: object, licenceText?: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest));
  if (licenceText) writeFileSync(path.join(dir, 'LICENSE'), licenceText);
}

const names = (shipped: Record<string, { nested?: boolean }>, nested: boolean) =>
  Object.fromEntries(
    Object.entries(shipped)
      .filter(([, p]) => Boolean(p.nested) === nested)
      .map(([name]) => [name, '1']),
  );

/** A repository whose server depends on `shipped`, and whose web app has an AGPL dev tool. */
function plant(shipped: Record<string, { license?: string; text?: string; nested?: boolean }>) {
  const root = mkdtempSync(path.join(tmpdir(), 'licences-'));
  folders.push(root);
  write(root, { name: 'repo', workspaces: ['apps/*'] });
  write(path.join(root, 'apps/server'), {
    name: 'server',
    dependencies: { framework: '1', ...names(shipped, false) },
  });
  write(path.join(root, 'apps/web'), { name: 'web', devDependencies: { 'agpl-dev-tool': '1' } });
  write(path.join(root, 'node_modules/agpl-dev-tool'), {
    name: 'agpl-dev-tool',
    version: '1.0.0',
    license: 'AGPL-3.0',
  });
  write(path.join(root, 'node_modules/framework'), {
    name: 'framework',
    version: '1.0.0',
    license: 'MIT',
    dependencies: { helper: '1', ...names(shipped, true) },
  });
  write(path.join(root, 'node_modules/framework/node_modules/helper'), {
    name: 'helper',
    version: '1.0.0',
    license: 'ISC',
  });
  for (const [name, p] of Object.entries(shipped)) {
    const dir = p.nested ? `node_modules/framework/node_modules/${name}` : `node_modules/${name}`;
    write(path.join(root, dir), { name, version: '2.0.0', ...(p.license && { license: p.license }) }, p.text);
  }
  return root;
}

afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('licence check', () => {
  it('passes on permissive, LGPL and dual-licensed packages, ignoring dev dependencies', () => {
    const result = check(
      plant({
        'lgpl-lib': { license: 'LGPL-3.0-or-later' },
        'dual-lib': { license: '(MIT OR GPL-3.0-or-later)' },
        'mit-by-file': { text: 'Permission is hereby granted, free of charge, to any person' },
      }),
    );
    expect(result.output).toContain('none AGPL, GPL or SSPL');
    expect(result.code).toBe(0);
  });

  it('fails on a planted AGPL dependency, naming it and the path that ships it', () => {
    const result = check(plant({ 'ua-parser-like': { license: 'AGPL-3.0-or-later' } }));
    expect(result.code).toBe(1);
    expect(result.output).toContain('ua-parser-like@2.0.0: AGPL-3.0-or-later (apps/server > ua-parser-like)');
  });

  it('fails on GPL, SSPL, a GPL licence file and an unreadable licence', () => {
    for (const planted of [
      { license: 'GPL-2.0-only' },
      { license: 'SSPL-1.0' },
      { license: 'MIT AND GPL-3.0' },
      { text: 'GNU AFFERO GENERAL PUBLIC LICENSE\nVersion 3' },
      {},
    ]) {
      const result = check(plant({ suspect: planted }));
      expect(result.code, JSON.stringify(planted)).toBe(1);
      expect(result.output).toContain('suspect@2.0.0');
    }
  });

  it('follows dependencies of dependencies into nested node_modules as Node resolves them', () => {
    const result = check(plant({ 'deep-agpl': { license: 'AGPL-3.0', nested: true } }));
    expect(result.code).toBe(1);
    expect(result.output).toContain('deep-agpl@2.0.0: AGPL-3.0 (apps/server > framework > deep-agpl)');
  });

  it('passes on this repository', () => {
    const result = check();
    expect(result.output).toMatch(/\d+ shipped packages of apps\/server and apps\/web, none AGPL, GPL or SSPL/);
    expect(result.code).toBe(0);
  });
});
