// Starts the built product for the browser tests on a throwaway data folder with demo data.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startProviderStandIns } from './e2e-providers.mjs';

const port = process.argv[2] ?? '3100';
const dataDir = mkdtempSync(path.join(tmpdir(), 'nzeta-e2e-'));
// SendGrid goes through a local stand-in with the real SDK (delivery events are signed by it);
// AWS stays on the file provider.
const providers = await startProviderStandIns(port);
const child = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    INTAKE_API_KEY: 'e2e-intake-key',
    // Browser tests sign in many times from one address.
    LOGIN_IP_LIMIT: '1000',
    TRACK_IP_LIMIT: '1000',
    DATABASE_URL: '',
    ...providers.env,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  providers.server.close();
  process.exit(code ?? 0);
});
