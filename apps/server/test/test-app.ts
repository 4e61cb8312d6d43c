import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { Role } from '@nzeta/domain';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type BuildAppOptions, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { insertStaff } from '../src/db/factories';
import { startStaffSession } from '../src/lib/staff-session';
import { createTestDatabase, type TestDatabase, testEngine } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Creates a member of that role and returns a valid token for them. */
  signInAs(
    role: Role,
    fields?: { name?: string; email?: string },
  ): Promise<{ token: string; id: number; name: string; email: string; password: string }>;
  /** app.inject with JSON parsing of the answer. */
  call(
    options: InjectOptions & { token?: string },
  ): Promise<LightMyRequestResponse & { body: string; json<T = ApiBody>(): T }>;
  close(): Promise<void>;
}

export interface ApiBody {
  status: number;
  message: string;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are inspected field by field
  data?: any;
  total?: number;
  [key: string]: unknown;
}

export interface TestAppOptions extends Pick<BuildAppOptions, 'logStream' | 'onRoute' | 'fetchText'> {
  /** Another app's database: two instances on one database (closing this app leaves it open). */
  database?: TestDatabase;
}

/** The real app on a real, migrated test database (one per test file). */
export async function createTestApp(
  overrides: Partial<Record<string, string>> = {},
  { database: shared, ...buildOptions }: TestAppOptions = {},
): Promise<TestApp> {
  const database = shared ?? (await createTestDatabase());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nzeta-test-'));
  const bucket = await createTestBucket();
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
      DATA_DIR: dataDir,
      // Tests write orders straight into the database between requests, which announces nothing;
      // the cache has tests of its own (rollup-cache.test.ts).
      FOLDER_COUNTS_MAX_AGE_MS: '0',
      // Likewise members, sessions and settings. On PGlite the triggers' notifications arrive as
      // the statement commits, so the suites run through the member cache; on PostgreSQL they
      // arrive a moment later, after a test's next request (member-cache.test.ts covers both).
      MEMBER_CACHE_MAX_AGE_MS: testEngine === 'postgres' ? '0' : '5000',
      // And the order detail's cache, for every table its answer reads (detail-cache.test.ts).
      DETAIL_CACHE_MAX_AGE_MS: testEngine === 'postgres' ? '0' : '5000',
      ...bucket,
    },
    overrides as never,
  );
  const app = await buildApp({ config, database, ...buildOptions });
  await app.ready();
  return {
    app,
    database,
    config,
    async signInAs(role, fields = {}) {
      const member = await insertStaff(database.db, { type: role, ...fields });
      const token = await startStaffSession(
        database.db,
        { user: { id: member.id, name: member.name, type: role }, tokenVersion: member.tokenVersion },
        { secret: config.jwtSecret, ttlHours: config.JWT_TTL_HOURS },
      );
      return { token, id: member.id, name: member.name, email: member.email, password: member.password };
    },
    async call({ token, headers, ...options }) {
      const response = await app.inject({
        ...options,
        headers: { ...(token ? { authorization: token } : {}), ...(headers ?? {}) },
      });
      return response as LightMyRequestResponse & { json<T>(): T };
    },
    async close() {
      await app.close();
      await app.ctx.pdf.close();
      if (!shared) await database.destroy();
    },
  };
}

/**
 * With TEST_S3_ENDPOINT (an S3-compatible server, `npm run test:s3`), every test app keeps its
 * documents in a bucket of its own there instead of DATA_DIR/documents.
 */
async function createTestBucket(): Promise<Record<string, string>> {
  const endpoint = process.env.TEST_S3_ENDPOINT;
  if (!endpoint) return {};
  const key = process.env.TEST_S3_KEY ?? 'S3RVER';
  const bucket = `t-${randomBytes(6).toString('hex')}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: key, secretAccessKey: key },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: key, S3_SECRET_ACCESS_KEY: key };
}
