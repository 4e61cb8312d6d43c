import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { secretBoxKey } from './lib/secret-box';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  /** off behind a transaction-mode pooler that cannot keep named prepared statements (PgBouncer < 1.21) */
  DATABASE_PREPARED_STATEMENTS: z.enum(['on', 'off']).default('on'),
  /** A direct connection for LISTEN/NOTIFY when DATABASE_URL points at a transaction-mode pooler */
  DATABASE_LISTEN_URL: optionalText,
  JWT_SECRET: optionalText.refine((v) => !v || v.length >= 32, 'JWT_SECRET must be at least 32 characters'),
  JWT_TTL_HOURS: z.coerce.number().positive().default(12),
  IDLE_TIMEOUT_MINUTES: z.coerce.number().positive().default(30),
  /** How long folder counts read from the rollup may serve when no change is heard of; 0: never cached */
  FOLDER_COUNTS_MAX_AGE_MS: z.coerce.number().int().min(0).default(2000),
  /**
   * How long the member check of a staff request may be answered from memory; changes end it at
   * once when heard of (LISTEN/NOTIFY), this bounds the rest; 0: read on every request
   */
  MEMBER_CACHE_MAX_AGE_MS: z.coerce.number().int().min(0).default(5000),
  /**
   * How long the staff order detail may be answered from memory; changes end it at once when
   * heard of (LISTEN/NOTIFY), this bounds the rest; 0: read on every request
   */
  DETAIL_CACHE_MAX_AGE_MS: z.coerce.number().int().min(0).default(5000),
  /**
   * How long a drawn defence pack or evidence bundle is handed out again for the same records and
   * day; a change to the order ends it at once when heard of; 0: every one is drawn
   */
  PDF_CACHE_MAX_AGE_MS: z.coerce.number().int().min(0).default(600_000),
  BUSINESS_TZ: z.string().default('America/New_York'),
  PUBLIC_SITE_URL: z.url().default('https://www.example.com'),
  /** This app's own address for links in e-mails; required in production (never a request's Host) */
  PUBLIC_APP_URL: optionalText.refine((v) => !v || URL.canParse(v), 'PUBLIC_APP_URL must be a URL'),
  APPLICATION_MAIL_DOMAIN: z.string().default('applications.example.com'),
  MAIL_FROM: z.string().default('NZeTA Service <no-reply@example.com>'),
  AWS_REGION: optionalText,
  AWS_SES_ACCESS_KEY_ID: optionalText,
  AWS_SES_SECRET_ACCESS_KEY: optionalText,
  AWS_SES_ENDPOINT: optionalText,
  SENDGRID_API_KEY: optionalText,
  SENDGRID_API_URL: optionalText,
  /** SendGrid's signed Event Webhook: the verification key as SendGrid shows it (base64 DER) */
  SENDGRID_WEBHOOK_PUBLIC_KEY: optionalText,
  /** SES delivery events arrive through this SNS topic; other topics are refused */
  SES_SNS_TOPIC_ARN: optionalText.refine(
    (v) => !v || /^arn:aws[\w-]*:sns:[\w-]+:\d{12}:[\w-]+$/.test(v),
    'SES_SNS_TOPIC_ARN must be an SNS topic ARN',
  ),
  /** SES configuration set whose event destination publishes to that topic */
  SES_CONFIGURATION_SET: optionalText,
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  INTAKE_API_KEY: optionalText,
  TRUST_PROXY: optionalText,
  /** key sealing two-step verification secrets at rest; required in production */
  MFA_ENCRYPTION_KEY: optionalText.refine(
    (v) => !v || v.length >= 32,
    'MFA_ENCRYPTION_KEY must be at least 32 characters',
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** failed sign-ins per address and minute, all accounts together (one office shares an address) */
  LOGIN_IP_LIMIT: z.coerce.number().int().positive().default(100),
  /** failed sign-ins per (address, account) and minute */
  LOGIN_PAIR_LIMIT: z.coerce.number().int().positive().default(10),
  /** forgot-password requests and invalid reset links per address and quarter of an hour */
  RESET_IP_LIMIT: z.coerce.number().int().positive().default(10),
  LOGIN_ACCOUNT_LOCK_AFTER: z.coerce.number().int().positive().default(10),
  LOGIN_LOCK_MINUTES: z.coerce.number().positive().default(15),
  TRACK_IP_LIMIT: z.coerce.number().int().positive().default(20),
  /** wrong e-mails per (address, order) and hour */
  TRACK_ORDER_LIMIT: z.coerce.number().int().positive().default(10),
  /** wrong e-mails per order and hour, from every address, before the order-wide lock */
  TRACK_ORDER_LOCK_AFTER: z.coerce.number().int().positive().default(50),
  MAIL_WORKER: z.enum(['on', 'off']).default('on'),
  /** worker threads that render PDFs; unset: one per core (os.availableParallelism()); 0: on the event loop */
  PDF_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  RETENTION_DAYS: z.coerce.number().int().min(0).default(0),
  SEED_DEMO: z.enum(['auto', 'off']).default('auto'),
  /** bearer token of GET /api/metrics; unset: no metrics are kept and the route answers 404 */
  METRICS_TOKEN: optionalText.refine((v) => !v || v.length >= 16, 'METRICS_TOKEN must be at least 16 characters'),
});

export type Env = z.infer<typeof envSchema>;
export interface Config extends Env {
  dataDir: string;
  jwtSecret: Uint8Array;
  isProduction: boolean;
  /** Origin of every link in an e-mail: PUBLIC_APP_URL, or this server's own address outside production */
  appUrl: string;
  /** AES-256 key of MFA secrets at rest (MFA_ENCRYPTION_KEY, or derived from the signing key outside production) */
  mfaKey: Buffer;
  /** PDF_WORKERS, or one thread per core */
  pdfWorkers: number;
}

/** Parses the environment once; fails fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Config {
  const parsed = envSchema.safeParse({ ...env, ...overrides });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === 'production';
  if (isProduction && !values.JWT_SECRET)
    throw new Error('Invalid configuration:\n  JWT_SECRET: required in production');
  if (isProduction && !values.PUBLIC_APP_URL)
    throw new Error(
      'Invalid configuration:\n  PUBLIC_APP_URL: required in production (the address staff and customers open, e.g. https://office.example.com): links in e-mails are never built from a request header',
    );
  if (isProduction && values.TRUST_PROXY === 'true')
    throw new Error(
      "Invalid configuration:\n  TRUST_PROXY: 'true' would believe any client's X-Forwarded-For; name the proxies' addresses/CIDRs or a hop count",
    );
  if (isProduction && !values.MFA_ENCRYPTION_KEY)
    throw new Error('Invalid configuration:\n  MFA_ENCRYPTION_KEY: required in production (32+ random characters)');
  const dataDir = path.resolve(values.DATA_DIR);
  const secret = values.JWT_SECRET ?? developmentSecret(dataDir);
  return {
    ...values,
    dataDir,
    isProduction,
    jwtSecret: new TextEncoder().encode(secret),
    mfaKey: secretBoxKey(values.MFA_ENCRYPTION_KEY, new TextEncoder().encode(secret)),
    pdfWorkers: values.PDF_WORKERS ?? availableParallelism(),
    appUrl: (values.PUBLIC_APP_URL ?? developmentAppUrl(values.HOST, values.PORT)).replace(/\/+$/, ''),
  };
}

/** Outside production without PUBLIC_APP_URL: the address this server listens on, never a request's Host. */
function developmentAppUrl(host: string, port: number): string {
  const isWildcard = host === '0.0.0.0' || host === '::' || host === '';
  const shown = isWildcard ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** Outside production a signing key is generated once and kept in the data folder. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
