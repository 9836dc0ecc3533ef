import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll } from 'vitest';
import { sqliteDb, type FreshDatabase } from './databases.ts';
import { ADMIN } from './server.ts';

export const BACKUP_BUCKET = 'club-backups';
export const BACKUP_PREFIX = 'oakfield/';

/** The S3_* settings of the S3 on `s3Port` without S3_BUCKET: the photos stay on the disk, the backups go to the bucket. */
export function bucketEnv(s3Port: number, site: FreshDatabase) {
  return {
    DATA_DIR: site.dataDir,
    BACKUP_DIR: path.join(site.dataDir, 'backups'),
    BACKUP_KEEP: '2',
    BACKUP_S3_BUCKET: BACKUP_BUCKET,
    BACKUP_S3_PREFIX: BACKUP_PREFIX,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_TIMEOUT_SECONDS: '2',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
  };
}

/** New SQLite sites for a suite (a host, then the new host after a lost disk), each dropped after the suite. */
export function useFreshSites(): () => Promise<FreshDatabase> {
  const sites: FreshDatabase[] = [];
  afterAll(async () => {
    for (const site of sites) await site.drop();
  });
  return async () => {
    const site = await sqliteDb.create();
    sites.push(site);
    return site;
  };
}

/** Reads until `done` says yes, or fails after `ms` saying what it waited for and what it last read. */
export async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A daily backup's name, `daysAgo` days back at 02:00 UTC (as the bucket would hold it). */
export function dailyCopyName(daysAgo: number): string {
  const day = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  return `club-backup-${day}-020000.tar.gz`;
}

/** Puts objects under these names into the backup bucket of the S3 on `s3Port` (only their names count). */
export async function putCopies(s3Port: number, names: string[]): Promise<void> {
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${s3Port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  try {
    for (const name of names)
      await client.send(new PutObjectCommand({ Bucket: BACKUP_BUCKET, Key: `${BACKUP_PREFIX}${name}`, Body: 'the club' }));
  } finally {
    client.destroy();
  }
}
