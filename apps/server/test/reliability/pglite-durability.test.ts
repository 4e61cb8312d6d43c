import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { reportFigure, size } from './support/report';

// PGlite issue #1065 reports committed writes lost after kill -9; this proves, with real
// SIGKILLs, whether this set-up keeps them. RELIABILITY_LONG=1 runs the 200-cycle variant.
const cycles = size(3, 200);
const writer = path.join(import.meta.dirname, 'pglite-writer.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'pglite-durability-'));

function runAndKill(afterCommits: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', writer, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let acknowledged = 0;
    let seen = 0;
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let index = buffer.indexOf('\n');
      while (index >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 1);
        const match = /^committed (\d+)$/.exec(line);
        if (match) {
          acknowledged = Number(match[1]);
          seen += 1;
          if (seen === afterCommits) child.kill('SIGKILL');
        }
        index = buffer.indexOf('\n');
      }
    });
    child.on('error', reject);
    child.on('exit', () => resolve(acknowledged));
  });
}

describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('PGlite durability', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`keeps every acknowledged commit across ${cycles} SIGKILLs`, async () => {
    let lost = 0;
    for (let cycle = 0; cycle < cycles; cycle += 1) {
      const acknowledged = await runAndKill(3 + (cycle % 7));
      const db = await PGlite.create(dir);
      const { rows } = await db.query<{ n: number }>('select n from writes where n <= $1', [acknowledged]);
      await db.close();
      lost += acknowledged - rows.length;
    }
    reportFigure(
      `PGlite durability: ${cycles} SIGKILLs right after acknowledged commits, ${lost} acknowledged writes lost`,
    );
    expect(lost).toBe(0);
  }, 600_000);
});
