// `npm run create-admin|seed|backup|restore`: the compiled command-line tool, built first when
// missing or stale, run in this process with the remaining arguments.
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt, serverEntry } from './ensure-built.mjs';

const [tool] = process.argv.splice(2, 1);
if (!['create-admin', 'seed', 'backup'].includes(tool)) {
  console.error(`Unknown tool ${tool}`);
  process.exit(2);
}
await ensureServerBuilt();
await import(pathToFileURL(serverEntry(tool)).href);
