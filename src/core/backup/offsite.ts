import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { BucketSettings } from '../config.ts';
import type { Logger } from '../logger.ts';
import { isBucketUnavailable, s3Client } from '../shared/s3-client.ts';
import { BACKUP_FILE, backupsAmong, listBackups, PARTIAL_SUFFIX } from './backup-files.ts';

// A backup on the server's own disk dies with that disk. With BACKUP_S3_BUCKET each daily backup
// is copied to a bucket (any S3-compatible service), the newest BACKUP_KEEP kept there too, and a
// new host restores the newest with `npm run restore -- --from-bucket` (docs/decisions/038).

const DAILY = 'club-backup';
/** After a failed copy the next try waits this long: a bucket down for a day is asked 288 times, not 1,440. */
const RETRY_AFTER_MS = 5 * 60_000;
/** Parts of a multipart upload: each a request of its own, with its own time limit and retries. */
const PART_BYTES = 8 * 1024 * 1024;

const dailyAmong = (names: string[]) => backupsAmong(names).filter((backup) => backup.kind === DAILY);

export interface OffsiteStatus {
  bucket: string;
  /** The time of the newest backup the bucket holds, or null (none, or not looked yet). */
  newestCopyAt: Date | null;
  /** The last copy that failed, until one succeeds: when, and what to do. */
  lastFailure: { at: Date; message: string } | null;
}

/** What an administrator is told when a copy fails (no keys, no paths; the log has the details). */
function offsiteFailureMessage(error: unknown): string {
  if (isBucketUnavailable(error)) {
    const { name, code } = error as { name?: string; code?: string };
    return `The backup bucket could not be reached or refused the copy (${code ?? name}). It is tried again every few minutes, and the backups on the server are kept. Tell whoever runs the site if this stays.`;
  }
  return 'The backup could not be copied to the backup bucket because of an error on the server. Its log says more; tell whoever runs the site.';
}

export function createOffsiteCopies(deps: { bucket: BucketSettings; dir: string; keep: number; log: Logger }) {
  const s3 = s3Client(deps.bucket);
  const Bucket = deps.bucket.bucket;
  const keyOf = (name: string) => `${deps.bucket.prefix}${name}`;
  /** The newest backup in the folder that the bucket is known to hold. */
  let copiedUpTo: string | null = null;
  let newestCopyAt: Date | null = null;
  let lastFailure: OffsiteStatus['lastFailure'] = null;
  let retryAt = 0;
  let running: Promise<void> | null = null;

  /** The daily backups in the bucket, newest first. */
  async function inBucket(): Promise<{ name: string; at: Date }[]> {
    const { sdk, client } = await s3();
    const names: string[] = [];
    for await (const page of sdk.paginateListObjectsV2({ client }, { Bucket, Prefix: deps.bucket.prefix })) {
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(deps.bucket.prefix.length) ?? '';
        names.push(name);
      }
    }
    return dailyAmong(names);
  }

  /** A multipart upload from the file, a part at a time; S3 shows the object only once it is whole. */
  async function upload(name: string): Promise<void> {
    const file = path.join(deps.dir, name);
    const { size } = await fs.promises.stat(file);
    const [{ sdk, client }, { Upload }] = await Promise.all([s3(), import('@aws-sdk/lib-storage')]);
    const body = fs.createReadStream(file);
    try {
      await new Upload({
        client,
        params: { Bucket, Key: keyOf(name), Body: body, ContentType: 'application/gzip' },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      }).done();
    } finally {
      body.destroy();
    }
    const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: keyOf(name) }));
    if (head.ContentLength !== size) throw new Error(`the bucket's copy of ${name} has ${head.ContentLength} bytes, not ${size}`);
  }

  async function sync(now: boolean): Promise<void> {
    const local = listBackups(deps.dir)
      .filter((backup) => backup.kind === DAILY)
      .slice(0, deps.keep);
    if (local.length === 0 || copiedUpTo === local[0]!.name || (!now && Date.now() < retryAt)) return;
    try {
      const held = await inBucket();
      const names = new Set(held.map((backup) => backup.name));
      // Newest first: if the bucket fails half-way, the copy that matters most is there.
      for (const backup of local) {
        if (names.has(backup.name)) continue;
        await upload(backup.name);
        names.add(backup.name);
        deps.log.info({ name: backup.name, bucket: Bucket }, 'backup copied to the backup bucket');
      }
      const kept = dailyAmong([...names]);
      const { sdk, client } = await s3();
      for (const old of kept.slice(deps.keep)) await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(old.name) }));
      copiedUpTo = local[0]!.name;
      newestCopyAt = kept[0]?.at ?? null;
      lastFailure = null;
      retryAt = 0;
    } catch (error) {
      lastFailure = { at: new Date(), message: offsiteFailureMessage(error) };
      retryAt = Date.now() + RETRY_AFTER_MS;
      deps.log.error({ err: error, bucket: Bucket }, 'a backup could not be copied to the backup bucket; tried again in 5 minutes');
    }
  }

  return {
    /**
     * Copies the daily backups the bucket lacks and trims it to BACKUP_KEEP; one run at a time,
     * never throws. After a failure it waits a few minutes, unless `now` (a volunteer asked).
     */
    sync: ({ now = false } = {}): Promise<void> => (running ??= sync(now).finally(() => (running = null))),

    status: (): OffsiteStatus => ({ bucket: Bucket, newestCopyAt, lastFailure }),

    /**
     * Downloads the newest backup in the bucket (or the one named) into the folder, for a restore on
     * a new host; resolves with its file. Written under a temporary name and renamed when whole.
     */
    async download(name?: string): Promise<string> {
      try {
        return await download(name);
      } catch (error) {
        if (!isBucketUnavailable(error)) throw error;
        const { name: kind, code } = error as { name?: string; code?: string };
        throw new OffsiteError(
          `The bucket ${Bucket} could not be reached or refused the request (${code ?? kind}): check the S3_* settings and the network. Nothing was changed.`,
          { cause: error },
        );
      }
    },
  };

  async function download(name: string | undefined): Promise<string> {
    const wanted = name ?? (await inBucket())[0]?.name;
    if (!wanted) throw new OffsiteError(`The bucket ${Bucket} holds no backup${deps.bucket.prefix ? ` under ${deps.bucket.prefix}` : ''}.`);
    if (!BACKUP_FILE.test(wanted)) throw new OffsiteError(`"${wanted}" is not the name of a backup (club-backup-YYYYMMDD-HHMMSS.tar.gz).`);
    const { sdk, client } = await s3();
    const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: keyOf(wanted) })).catch((error: unknown) => {
      if ((error as { name?: string }).name === 'NoSuchKey')
        throw new OffsiteError(`The bucket ${Bucket} holds no backup called ${wanted}.`);
      throw error;
    });
    await fs.promises.mkdir(deps.dir, { recursive: true });
    const file = path.join(deps.dir, wanted);
    const temporary = `${file}.download${PARTIAL_SUFFIX}`;
    try {
      await pipeline(answer.Body as Readable, fs.createWriteStream(temporary, { mode: 0o600 }));
      await fs.promises.rename(temporary, file);
    } finally {
      await fs.promises.rm(temporary, { force: true });
    }
    return file;
  }
}

/** A bucket that cannot give what a restore asked for, in words for whoever runs the command. */
export class OffsiteError extends Error {
  override name = 'OffsiteError';
}
