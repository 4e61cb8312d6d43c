import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  acceptedCounts,
  type MailProviderStandIn,
  providerEnv,
  startMailProvider,
} from '../reliability/support/mail-provider';
import { TEST_JWT_SECRET } from '../reliability/support/server-process';
import { buildServer, createInstance, type Instance } from './instance';
import { findNginx, type Nginx, startNginx } from './nginx';
import { findPgBouncer, type PgBouncer, startPgBouncer } from './pgbouncer';
import { type S3Server, startS3Server } from './s3-server';

export interface RigOptions {
  /** instances on base+1…, nginx on base+90, s3rver on base+91 */
  basePort: number;
  instances: number;
  /** instances reach PostgreSQL through PgBouncer (transaction mode) on this port; 0: directly */
  pgBouncerPort: number;
  /** a superuser URL of the PostgreSQL server (a fresh database is made on it) */
  serverUrl: string;
  /** apt-get install what is missing (nginx, pgbouncer) */
  install: boolean;
}

export interface Rig {
  balancerUrl: string;
  instances: Instance[];
  nginx: Nginx;
  mail: MailProviderStandIn;
  /** direct URL of the rig's database */
  databaseUrl: string;
  /** extra PostgreSQL connections through the same route as the instances */
  pooled: boolean;
  duplicateMails(): number;
  acceptedMails(): Map<string, number>;
  stop(): Promise<void>;
}

export const BUCKET = 'nzeta-scale';

/** Debian packages the rig runs; installed when asked, otherwise named in the error. */
function ensurePackages(options: RigOptions) {
  const missing = [
    ...(findNginx() ? [] : ['nginx-light']),
    ...(options.pgBouncerPort && !findPgBouncer() ? ['pgbouncer'] : []),
  ];
  if (!missing.length) return;
  if (!options.install) {
    throw new Error(`Missing: ${missing.join(', ')}. Run: apt-get install -y ${missing.join(' ')} (or --install)`);
  }
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'inherit' });
}

/**
 * PostgreSQL (a fresh database on the local server), s3rver as the bucket, a SendGrid/SES stand-in
 * for mail, PgBouncer, the instances and nginx in front, all on 127.0.0.1. `stop()` ends all of
 * it and drops the database, also after a failed start.
 */
export async function startRig(options: RigOptions): Promise<Rig> {
  ensurePackages(options);
  buildServer();
  const dir = mkdtempSync(path.join(tmpdir(), 'nzeta-scale-'));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
    cleanups.length = 0;
  };
  try {
    const name = `nzeta_scale_${randomBytes(4).toString('hex')}`;
    await adminQuery(options.serverUrl, `CREATE DATABASE ${name}`);
    cleanups.push(() => adminQuery(options.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    const databaseUrl = withDatabase(options.serverUrl, name);

    const s3: S3Server = await startS3Server(options.basePort + 91);
    cleanups.push(() => s3.stop());
    await s3.createBucket(BUCKET);
    const mail = await startMailProvider();
    cleanups.push(() => mail.close());
    let bouncer: PgBouncer | undefined;
    if (options.pgBouncerPort) {
      const server = new URL(options.serverUrl);
      bouncer = await startPgBouncer({
        port: options.pgBouncerPort,
        serverHost: server.hostname,
        serverPort: Number(server.port || 5432),
      });
      cleanups.push(() => bouncer?.stop());
    }

    const instances = Array.from({ length: options.instances }, (_, i) => {
      const dataDir = path.join(dir, `instance-${i + 1}`);
      mkdirSync(dataDir);
      return createInstance(`instance ${i + 1}`, options.basePort + 1 + i, {
        NODE_ENV: 'development',
        SEED_DEMO: 'off',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        JWT_SECRET: TEST_JWT_SECRET,
        DATABASE_URL: bouncer ? bouncer.urlFor(name) : databaseUrl,
        ...(bouncer ? { DATABASE_PREPARED_STATEMENTS: 'off', DATABASE_LISTEN_URL: databaseUrl } : {}),
        ...s3.envFor(BUCKET),
        ...providerEnv(mail.url),
        PUBLIC_APP_URL: `http://127.0.0.1:${options.basePort + 90}`,
        TRUST_PROXY: '127.0.0.1',
        // Every customer of the workload comes from the balancer's address.
        TRACK_IP_LIMIT: '1000000',
        TRACK_ORDER_LIMIT: '1000000',
      });
    });
    cleanups.push(() => Promise.all(instances.map((instance) => instance.stop('SIGKILL'))).then(() => undefined));
    // The first one migrates the empty database; the others find it migrated.
    await instances[0]?.start();
    await Promise.all(instances.slice(1).map((instance) => instance.start()));

    const nginx = await startNginx(
      path.join(dir, 'nginx'),
      options.basePort + 90,
      instances.map((instance) => instance.port),
    );
    cleanups.push(() => nginx.stop());
    return {
      balancerUrl: nginx.url,
      instances,
      nginx,
      mail,
      databaseUrl,
      pooled: !!bouncer,
      acceptedMails: () => acceptedCounts(mail.accepted),
      duplicateMails: () => [...acceptedCounts(mail.accepted).values()].reduce((sum, n) => sum + n - 1, 0),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
