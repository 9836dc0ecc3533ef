import path from 'node:path';
import { z } from 'zod';
import { isBackupRecipient } from './backup/encryption.ts';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });
/** Prepended to a bucket's object keys: '' or a folder. */
const keyPrefix = optionalText.pipe(
  z
    .string()
    .regex(/^[A-Za-z0-9._/-]*\/$/, 'must end with / and hold only letters, digits, . _ - and /')
    .optional(),
);

/** A number from the environment between `min` and `max`, with one message for every way it can be wrong. */
function numberBetween(min: number, max: number, kind: 'whole number' | 'whole hour' | 'number of seconds' | 'number of megabytes') {
  const message = `must be a ${kind} between ${min} and ${max}`;
  const number = z.coerce.number({ error: message });
  return (kind.startsWith('whole') ? number.int(message) : number).min(min, message).max(max, message);
}

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: numberBetween(1, 65535, 'whole number').default(3000),
    HOST: optionalText,
    DATA_DIR: optionalText.default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL, or unset for SQLite in DATA_DIR')
        .optional(),
    ),
    PUBLIC_URL: optionalText.pipe(httpUrl.optional()),
    SITE_TIMEZONE: optionalText.default('Europe/London').refine(isTimeZone, {
      message: 'must be an IANA time zone such as Europe/London',
    }),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: z
      .string()
      .optional()
      .transform((value) => (value === '' ? undefined : value))
      .refine((value) => value === undefined || value.length >= 12, {
        message: 'must be at least 12 characters long',
      }),
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
      .optional()
      .transform((value) => value === 'true' || value === '1'),
    REMOTE_IMAGES_ALLOW_PRIVATE: z
      .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
      .optional()
      .transform((value) => value === 'true' || value === '1'),
    CHECK_BOOKING_PAGES: z
      .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
      .optional()
      .transform((value) => value !== 'false' && value !== '0'),
    DATABASE_STATEMENT_TIMEOUT_SECONDS: numberBetween(1, 3600, 'number of seconds').default(15),
    DATABASE_WAIT_SECONDS: numberBetween(0, 3600, 'number of seconds').default(60),
    BODY_IDLE_TIMEOUT_SECONDS: numberBetween(1, 600, 'number of seconds').default(20),
    PAGE_CACHE_MB: numberBetween(0, 4096, 'number of megabytes').default(32),
    RENDER_CONCURRENCY: numberBetween(1, 64, 'whole number').default(8),
    RENDER_QUEUE: numberBetween(0, 10000, 'whole number').default(500),
    MAX_CONNECTIONS: numberBetween(10, 1_000_000, 'whole number').default(4000),
    MAX_CONNECTIONS_PER_ADDRESS: numberBetween(1, 1_000_000, 'whole number').default(500),
    S3_BUCKET: optionalText,
    S3_ENDPOINT: optionalText.pipe(httpUrl.optional()),
    S3_REGION: optionalText.default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
      .optional()
      .transform((value) => value === 'true' || value === '1'),
    S3_TIMEOUT_SECONDS: numberBetween(1, 120, 'number of seconds').default(10),
    S3_PREFIX: keyPrefix,
    BACKUP_DIR: optionalText,
    BACKUP_HOUR: numberBetween(0, 23, 'whole hour').default(3),
    BACKUP_KEEP: numberBetween(1, 1000, 'whole number').default(14),
    BACKUP_S3_BUCKET: optionalText,
    BACKUP_S3_PREFIX: keyPrefix,
    BACKUP_RECIPIENTS: optionalText.pipe(
      z
        .string()
        .transform((text) => text.split(/[\s,]+/).filter(Boolean))
        .refine((keys) => keys.every(isBackupRecipient), {
          message: 'must be age public keys (age1 and 58 more letters and digits, as npm run backup-key prints), separated by commas',
        })
        .optional(),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'],
        message: 'must be set together with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      });
    }
    if (env.BACKUP_S3_BUCKET !== undefined && env.BACKUP_DIR === undefined) {
      ctx.addIssue({ code: 'custom', path: ['BACKUP_S3_BUCKET'], message: 'needs BACKUP_DIR: the daily backups there are what is copied' });
    }
    if (env.BACKUP_RECIPIENTS !== undefined && env.BACKUP_S3_BUCKET === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_RECIPIENTS'],
        message: 'needs BACKUP_S3_BUCKET: the copies there are what is encrypted',
      });
    }
    if ((env.ADMIN_USERNAME === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_USERNAME === undefined ? 'ADMIN_USERNAME' : 'ADMIN_PASSWORD'],
        message: 'must be set together with ADMIN_USERNAME and ADMIN_PASSWORD',
      });
    }
  });

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string | undefined;
  dataDir: string;
  /** PostgreSQL's `statementTimeoutMs`: no statement runs (or waits for a lock) longer than this. */
  /** `waitMs`: how long a starting server waits for PostgreSQL to answer. */
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; statementTimeoutMs?: number; waitMs?: number };
  publicUrl: string;
  /** False when PUBLIC_URL was left out and publicUrl is the localhost default (src/server/http/setup-checks.ts). */
  publicUrlSet: boolean;
  /** Whether a saved booking address is asked whether it may be framed (docs/decisions/082). */
  checkBookingPages: boolean;
  timeZone: string;
  bootstrapAdmin: { username: string; password: string } | undefined;
  trustProxy: boolean;
  /** Lets images given by URL come from private addresses (tests and intranets only). */
  remoteImagesAllowPrivate: boolean;
  /** A request body that sends nothing for this long is cut off. */
  bodyIdleTimeoutMs: number;
  /** Memory for rendered public pages; 0 turns the page cache off. */
  pageCacheBytes: number;
  /** Reads Astro renders at once, and how many may wait (docs/decisions/030). */
  renders: { concurrency: number; queue: number };
  /** Connections held at once, and from one address (null behind a trusted proxy); docs/decisions/069. */
  connections: { total: number; perAddress: number | null };
  /** Image files in an S3-compatible bucket instead of DATA_DIR/images (S3_BUCKET set). */
  s3: BucketSettings | undefined;
  backup: {
    /** Where backups go: BACKUP_DIR, or DATA_DIR/backups for the commands and pre-migration backups. */
    dir: string;
    /** A daily backup at `hour` (SITE_TIMEZONE), keeping the newest `keep`: on when BACKUP_DIR is set. */
    daily: boolean;
    hour: number;
    keep: number;
    /** A copy of each daily backup in a bucket (BACKUP_S3_BUCKET, on the S3_* service): off the server's disk. */
    offsite: BucketSettings | undefined;
    /** The age public keys the copies in the bucket are encrypted to (BACKUP_RECIPIENTS); none: not encrypted. */
    recipients: string[];
  };
  logLevel: string;
}

/** A bucket of an S3-compatible service, and how to reach it (the S3_* variables). */
export interface BucketSettings {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Prepended to every object key ('' or ending in /). */
  prefix: string;
  /** A connection not made, or a request silent, for this long fails (and is tried again). */
  timeoutMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; throws a ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
          waitMs: e.DATABASE_WAIT_SECONDS * 1000,
        }
      : { kind: 'sqlite', file: path.join(dataDir, 'club.sqlite') },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    timeZone: e.SITE_TIMEZONE,
    bootstrapAdmin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    trustProxy: e.TRUST_PROXY,
    remoteImagesAllowPrivate: e.REMOTE_IMAGES_ALLOW_PRIVATE,
    checkBookingPages: e.CHECK_BOOKING_PAGES,
    bodyIdleTimeoutMs: e.BODY_IDLE_TIMEOUT_SECONDS * 1000,
    pageCacheBytes: Math.round(e.PAGE_CACHE_MB * 1024 * 1024),
    renders: { concurrency: e.RENDER_CONCURRENCY, queue: e.RENDER_QUEUE },
    connections: { total: e.MAX_CONNECTIONS, perAddress: e.TRUST_PROXY ? null : e.MAX_CONNECTIONS_PER_ADDRESS },
    s3: e.S3_BUCKET ? bucket(e.S3_BUCKET, e.S3_PREFIX) : undefined,
    backup: {
      dir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : path.join(dataDir, 'backups'),
      daily: e.BACKUP_DIR !== undefined,
      hour: e.BACKUP_HOUR,
      keep: e.BACKUP_KEEP,
      offsite: e.BACKUP_S3_BUCKET ? bucket(e.BACKUP_S3_BUCKET, e.BACKUP_S3_PREFIX) : undefined,
      recipients: e.BACKUP_RECIPIENTS ?? [],
    },
    logLevel: e.LOG_LEVEL,
  };

  function bucket(name: string, prefix: string | undefined): BucketSettings {
    return {
      bucket: name,
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      prefix: prefix ?? '',
      timeoutMs: e.S3_TIMEOUT_SECONDS * 1000,
    };
  }
}
