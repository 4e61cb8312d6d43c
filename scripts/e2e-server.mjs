// Starts the built product for the browser tests on a throwaway data folder with demo data, in
// this process (as `npm start` does), so Playwright's stop signal reaches the server itself.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startProviderStandIns } from './e2e-providers.mjs';
import { ensureServerBuilt, ensureWebBuilt, serverEntry } from './ensure-built.mjs';

const port = process.argv[2] ?? '3100';
// SendGrid goes through a local stand-in with the real SDK (delivery events are signed by it);
// AWS stays on the file provider. It listens in this process and ends with it.
const providers = await startProviderStandIns(port);
Object.assign(process.env, {
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nzeta-e2e-')),
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  INTAKE_API_KEY: 'e2e-intake-key',
  // Browser tests sign in many times from one address.
  LOGIN_IP_LIMIT: '1000',
  TRACK_IP_LIMIT: '1000',
  DATABASE_URL: '',
  ...providers.env,
});
ensureWebBuilt();
await ensureServerBuilt();
await import(pathToFileURL(serverEntry('server')).href);
