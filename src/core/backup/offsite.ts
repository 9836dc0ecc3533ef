import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { BucketSettings } from '../config.ts';
import type { Logger } from '../logger.ts';
import { isBucketUnavailable, s3Client } from '../shared/s3-client.ts';
import { BACKUP_FILE, backupsAmong, DAILY_KIND, PARTIAL_SUFFIX, readBackups, takenBefore } from './backup-files.ts';
import { folderGate } from '../disk/folder-gate.ts';
import { copiesToKeep } from './retention.ts';
import { decryptInto, ENCRYPTED_SUFFIX, encryptedFile } from './encryption.ts';

// A backup on the server's own disk dies with that disk. With BACKUP_S3_BUCKET each daily backup
// is copied to a bucket (any S3-compatible service), the newest BACKUP_KEEP kept there too (and
// one a week and a month further back: 137), and a new host restores the newest with
// `npm run restore -- --from-bucket` (docs/decisions/038).

/** After a failed copy the next try waits this long: a bucket down for a day is asked 288 times, not 1,440. */
const RETRY_AFTER_MS = 5 * 60_000;
/** Parts of a multipart upload: each a request of its own, with its own time limit and retries. */
const PART_BYTES = 8 * 1024 * 1024;

/** A daily backup's copy in the bucket: its object name (after the prefix), the backup it holds, encrypted or not. */
interface Copy {
  object: string;
  name: string;
  encrypted: boolean;
  at: Date;
}

/** The copies of daily backups among a bucket's object names, newest first. */
function copiesAmong(objects: string[]): Copy[] {
  return objects
    .flatMap((object) => {
      const encrypted = object.endsWith(ENCRYPTED_SUFFIX);
      const name = encrypted ? object.slice(0, -ENCRYPTED_SUFFIX.length) : object;
      return backupsAmong([name])
        .filter((backup) => backup.kind === DAILY_KIND)
        .map((backup) => ({ object, name, encrypted, at: backup.at }));
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

export interface OffsiteStatus {
  bucket: string;
  /** Whether copies are encrypted (BACKUP_RECIPIENTS). */
  encrypted: boolean;
  /** The time of the newest backup the bucket holds, or null (none, or not looked yet). */
  newestCopyAt: Date | null;
  /** The last copy that failed, until one succeeds: when, and what to do. */
  lastFailure: { at: Date; message: string } | null;
  /**
   * The newest copy in the bucket taken before this site's database was made, or null: a site
   * started empty beside copies of an earlier one (its disk lost, a volume not mounted) or a new
   * host, restored or not. Known once the bucket has been listed.
   */
  earlierCopy: { name: string; at: Date } | null;
}

/** What an administrator is told when a copy fails (no keys, no paths; the log has the details). */
function offsiteFailureMessage(error: unknown): string {
  if (isBucketUnavailable(error)) {
    const { name, code } = error as { name?: string; code?: string };
    return `The backup bucket could not be reached or refused the copy (${code ?? name}). It is tried again every few minutes, and the backups on the server are kept. Tell whoever runs the site if this stays.`;
  }
  return 'The backup could not be copied to the backup bucket because of an error on the server. Its log says more; tell whoever runs the site.';
}

export function createOffsiteCopies(deps: {
  bucket: BucketSettings;
  dir: string;
  keep: number;
  recipients: string[];
  log: Logger;
  /** When the site's database was made (databaseMadeAt); a restore, which only downloads, has none. */
  databaseMadeAt?: () => Promise<Date | null>;
}) {
  const s3 = s3Client(deps.bucket);
  const Bucket = deps.bucket.bucket;
  const keyOf = (object: string) => `${deps.bucket.prefix}${object}`;
  const encrypting = deps.recipients.length > 0;
  /** The newest backup in the folder that the bucket is known to hold. */
  let copiedUpTo: string | null = null;
  let newestCopyAt: Date | null = null;
  let lastFailure: OffsiteStatus['lastFailure'] = null;
  let earlierCopy: OffsiteStatus['earlierCopy'] = null;
  let retryAt = 0;
  let running: Promise<void> | null = null;

  /** The copies of daily backups in the bucket, newest first. */
  async function inBucket(): Promise<Copy[]> {
    const { sdk, client } = await s3();
    const names: string[] = [];
    for await (const page of sdk.paginateListObjectsV2({ client }, { Bucket, Prefix: deps.bucket.prefix })) {
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(deps.bucket.prefix.length) ?? '';
        names.push(name);
      }
    }
    return copiesAmong(names);
  }

  /**
   * A multipart upload from the file (encrypted as it is read, with BACKUP_RECIPIENTS), a part at
   * a time; S3 shows the object only once it is whole.
   */
  async function upload(name: string): Promise<void> {
    const file = path.join(deps.dir, name);
    const object = encrypting ? `${name}${ENCRYPTED_SUFFIX}` : name;
    const [{ sdk, client }, { Upload }] = await Promise.all([s3(), import('@aws-sdk/lib-storage')]);
    const { body, size } = encrypting
      ? await encryptedFile(file, deps.recipients)
      : { body: fs.createReadStream(file), size: (await folderGate(deps.dir).run(() => fs.promises.stat(file))).size };
    try {
      await new Upload({
        client,
        params: { Bucket, Key: keyOf(object), Body: body, ContentType: encrypting ? 'application/octet-stream' : 'application/gzip' },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      }).done();
    } finally {
      body.destroy();
    }
    const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: keyOf(object) }));
    if (head.ContentLength !== size) throw new Error(`the bucket's copy ${object} has ${head.ContentLength} bytes, not ${size}`);
  }

  async function sync(now: boolean): Promise<void> {
    // A folder that does not answer has nothing to copy now; the backups say why (144).
    const local = (await readBackups(deps.dir).catch(() => [])).filter((backup) => backup.kind === DAILY_KIND).slice(0, deps.keep);
    if (local.length === 0 || copiedUpTo === local[0]!.name || (!now && Date.now() < retryAt)) return;
    try {
      const held = await inBucket();
      // Once BACKUP_RECIPIENTS is set, only an encrypted copy counts: the plain ones are replaced.
      const copied = new Set(held.filter((copy) => copy.encrypted || !encrypting).map((copy) => copy.name));
      // Newest first: if the bucket fails half-way, the copy that matters most is there.
      for (const backup of local) {
        if (copied.has(backup.name)) continue;
        await upload(backup.name);
        copied.add(backup.name);
        deps.log.info({ name: backup.name, bucket: Bucket, encrypted: encrypting }, 'backup copied to the backup bucket');
      }
      const kept = new Set(
        copiesToKeep(backupsAmong([...new Set([...copied, ...held.map((copy) => copy.name)])]), deps.keep).map((backup) => backup.name),
      );
      const { sdk, client } = await s3();
      for (const copy of held) {
        const replaced = encrypting && !copy.encrypted && copied.has(copy.name);
        if (!kept.has(copy.name) || replaced) await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(copy.object) }));
      }
      copiedUpTo = local[0]!.name;
      newestCopyAt = backupsAmong([...kept])[0]?.at ?? null;
      // A database that cannot say now leaves what was known: the copy went all the same.
      const madeAt = await deps.databaseMadeAt?.().catch(() => undefined);
      if (madeAt !== undefined) {
        const earlier = madeAt && held.find((copy) => kept.has(copy.name) && takenBefore(copy.at, madeAt));
        earlierCopy = earlier ? { name: earlier.name, at: earlier.at } : null;
      }
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
     * Copies the daily backups the bucket lacks and trims it (copiesToKeep); one run at a time,
     * never throws. After a failure it waits a few minutes, unless `now` (a volunteer asked).
     */
    sync: ({ now = false } = {}): Promise<void> => (running ??= sync(now).finally(() => (running = null))),

    status: (): OffsiteStatus => ({ bucket: Bucket, encrypted: encrypting, newestCopyAt, lastFailure, earlierCopy }),

    /** The copies of daily backups the bucket holds, newest first (asked now). */
    copies: (): Promise<{ name: string; at: Date }[]> => inBucket(),

    /**
     * Downloads the newest backup in the bucket (or the one named) into the folder, for a restore on
     * a new host; resolves with its file, and the names of the copies older than it, newest first.
     * Written under a temporary name and renamed when whole. An encrypted copy is decrypted on the
     * way with the secret key `secretKey` gives (asked only then).
     */
    async download(name: string | undefined, secretKey: () => Promise<string>): Promise<{ file: string; earlier: string[] }> {
      try {
        return await download(name, secretKey);
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

  async function download(name: string | undefined, secretKey: () => Promise<string>): Promise<{ file: string; earlier: string[] }> {
    // The name as the bucket's console shows it, encrypted copies' '.age' included, is taken too.
    const wanted = name?.endsWith(ENCRYPTED_SUFFIX) ? name.slice(0, -ENCRYPTED_SUFFIX.length) : name;
    if (wanted !== undefined && !BACKUP_FILE.test(wanted))
      throw new OffsiteError(`"${name}" is not the name of a backup (club-backup-YYYYMMDD-HHMMSS.tar.gz).`);
    const held = await inBucket();
    const target = wanted ?? held[0]?.name;
    const copies = held.filter((each) => each.name === target);
    // A plain copy needs no key: it is taken when both are there.
    const copy = copies.find((each) => !each.encrypted) ?? copies[0];
    if (!copy)
      throw new OffsiteError(
        wanted === undefined
          ? `The bucket ${Bucket} holds no backup${deps.bucket.prefix ? ` under ${deps.bucket.prefix}` : ''}.`
          : `The bucket ${Bucket} holds no backup called ${wanted}.`,
      );
    const earlier = [...new Set(held.filter((each) => each.at < copy.at).map((each) => each.name))];
    const key = copy.encrypted ? await secretKey() : undefined;
    const { sdk, client } = await s3();
    const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: keyOf(copy.object) }));
    if (key !== undefined)
      return { file: await decryptInto(answer.Body as Readable, `The copy ${copy.object}`, key, deps.dir, copy.name), earlier };
    await fs.promises.mkdir(deps.dir, { recursive: true });
    const file = path.join(deps.dir, copy.name);
    const temporary = `${file}.download${PARTIAL_SUFFIX}`;
    try {
      await pipeline(answer.Body as Readable, fs.createWriteStream(temporary, { mode: 0o600 }));
      await fs.promises.rename(temporary, file);
    } finally {
      await fs.promises.rm(temporary, { force: true });
    }
    return { file, earlier };
  }
}

/** A bucket that cannot give what a restore asked for, in words for whoever runs the command. */
export class OffsiteError extends Error {
  override name = 'OffsiteError';
}
