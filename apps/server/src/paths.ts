import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every file the server reads from its own checkout, in one place. This module runs from its
 * source (`src/paths.ts` under tsx and vitest) and from the bundle (`dist/*.js`, where esbuild
 * may also put it in a chunk): both sit below the server package folder, which is found by
 * walking up to its package.json rather than by counting `..`.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@nzeta/server') return dir;
    if (path.dirname(dir) === dir) throw new Error(`@nzeta/server's package.json not found above ${from}`);
  }
}

export const serverRoot = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));
/** the repository (the npm workspace root) */
export const repoRoot = path.resolve(serverRoot, '../..');
/** committed SQL migrations */
export const migrationsFolder = path.join(serverRoot, 'drizzle');
/** the built React app (`npm run build`) */
export const webDist = path.join(repoRoot, 'apps/web/dist');

/**
 * A file shipped inside an npm package (a font, for example), resolved as Node would from this
 * package: correct from sources and from the bundle, since packages stay in node_modules.
 */
export function packageFile(specifier: string): string {
  return createRequire(path.join(serverRoot, 'package.json')).resolve(specifier);
}
