import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Tests that run the product as an operator does (`npm start`, `npm run backup`) use the compiled
 * server: it is built once here when stale, rather than by several test files at once.
 */
export default function setup(): void {
  const script = path.resolve(import.meta.dirname, '../../../scripts/ensure-built.mjs');
  execFileSync(process.execPath, [script, 'server'], { stdio: 'inherit' });
}
