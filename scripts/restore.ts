// npm run restore -- FILE [--replace]
// npm run restore -- --from-bucket [NAME] [--replace]
// Restores an archive written by npm run backup into an empty database and image folder (SQLite
// or PostgreSQL, as configured). --replace replaces a site that is there, after a backup of it.
// It refuses while a server runs on the database, and a server does not start during it.
// An encrypted copy (NAME.tar.gz.age, from a bucket with BACKUP_RECIPIENTS) asks for its secret
// key, pasted on a terminal or given on standard input.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, holdsContent } from '../src/core/backup/archive-format.ts';
import { BACKUP_FILE, backupFileName } from '../src/core/backup/backup-files.ts';
import { restoreBackup } from '../src/core/backup/restore-backup.ts';
import { restoreFromBucketCommand } from '../src/core/backup/restore-commands.ts';
import { type Config, ConfigError, loadConfig } from '../src/core/config.ts';
import { createActivityRecorder } from '../src/core/activity/activity-recorder.ts';
import { connect } from '../src/core/db/connect.ts';
import { requireFolderOwner, WrongUserError } from '../src/core/shared/folder-owner.ts';
import { scriptCommand } from './open-context.ts';
import { readSecret } from './read-password.ts';
import { BackupKeyError, decryptInto, ENCRYPTED_SUFFIX } from '../src/core/backup/encryption.ts';
import { openingSentence } from '../src/core/db/opening-problems.ts';
import { type Claim, claimDatabase, ClaimError } from '../src/core/db/claim.ts';
import { createOffsiteCopies, OffsiteError } from '../src/core/backup/offsite.ts';
import { createImageStorage } from '../src/core/context.ts';
import { createLogger } from '../src/core/logger.ts';

const usage =
  'Usage: npm run restore -- FILE [--replace]\n       npm run restore -- --from-bucket [NAME] [--replace]   (the newest in BACKUP_S3_BUCKET, or NAME)\nAn encrypted backup (.age) asks for its secret key, or reads it from standard input.';
let file: string | undefined;
let replace = false;
let fromBucket = false;
try {
  const parsed = parseArgs({ allowPositionals: true, options: { replace: { type: 'boolean' }, 'from-bucket': { type: 'boolean' } } });
  file = parsed.positionals[0];
  replace = parsed.values.replace ?? false;
  fromBucket = parsed.values['from-bucket'] ?? false;
  if ((!file && !fromBucket) || parsed.positionals.length > 1) throw new Error(usage);
} catch {
  console.error(usage);
  process.exit(2);
}
let claim: Claim | undefined;
let config: Config | undefined;
let earlierInBucket: string[] = [];
try {
  config = loadConfig();
  requireFolderOwner([config.dataDir, config.backup.dir], scriptCommand());
  // Held to the end (or the process's end, however it ends): no server serves a site halfway restored.
  claim = await claimDatabase(config.database, 'restore');
  if (fromBucket) {
    const bucket = config.backup.offsite;
    if (!bucket) throw new BackupError('--from-bucket needs BACKUP_S3_BUCKET (and the S3_* settings of its service).');
    const { dir, keep, recipients } = config.backup;
    const copies = createOffsiteCopies({ bucket, dir, keep, recipients, log: createLogger('warn') });
    const downloaded = await copies.download(file, secretKey);
    file = downloaded.file;
    earlierInBucket = downloaded.earlier;
    console.log(`Downloaded ${path.basename(file)} from the bucket ${bucket.bucket} into ${path.dirname(file)}.`);
  } else if (file!.endsWith(ENCRYPTED_SUFFIX)) {
    // A copy fetched by hand from the bucket's console: decrypted beside the other backups first.
    const plainName = path.basename(file!).slice(0, -ENCRYPTED_SUFFIX.length);
    const name = BACKUP_FILE.test(plainName) ? plainName : backupFileName(new Date(), 'decrypted');
    const source = fs.createReadStream(file!);
    await new Promise((resolve, reject) => source.once('open', resolve).once('error', reject)).catch((error: NodeJS.ErrnoException) => {
      throw new BackupError(`${file} cannot be read (${error.code ?? error.message}).`);
    });
    file = await decryptInto(source, path.basename(file!), await secretKey(), config.backup.dir, name);
    console.log(`Decrypted it into ${file}.`);
  }
  const before = path.join(config.backup.dir, backupFileName(new Date(), 'before-restore'));
  const { manifest, replaced, setAside } = await restoreBackup({
    file: file!,
    database: config.database,
    storage: createImageStorage(config),
    replaceAfterBackupTo: replace ? before : undefined,
  });
  if (setAside?.why === 'damaged') console.log(`The damaged database was moved aside to ${setAside.file}, and is kept as it was.`);
  else if (setAside)
    console.log(`The database the newer version changed was moved aside to ${setAside.file}, and is kept as it was for that version.`);
  else if (replaced) console.log(`What was there is backed up in ${before}.`);
  const counts = Object.entries(manifest.rowCounts).map(([table, count]) => `${count} ${table.replace(/_/g, ' ')}`);
  console.log(
    `Restored the backup of ${manifest.createdAt} (${counts.join(', ')}) into ${config.database.kind === 'postgres' ? 'PostgreSQL' : config.database.file}.`,
  );
  await noteRestore(config.database, path.basename(file!));
  // The newest copy may be of a site that started empty after its disk was lost (137).
  if (earlierInBucket.length > 0 && !holdsContent(manifest)) {
    console.log(
      `It holds no news, events or photos. If the site had some, an earlier copy in the bucket holds them (${earlierInBucket.length} older, the newest ${earlierInBucket[0]}): ${restoreFromBucketCommand(earlierInBucket[0]!)}`,
    );
  }
} catch (error) {
  console.error(
    error instanceof BackupError ||
      error instanceof ConfigError ||
      error instanceof WrongUserError ||
      error instanceof OffsiteError ||
      error instanceof BackupKeyError ||
      error instanceof ClaimError
      ? error.message
      : (openingSentence(error, config?.database) ?? error),
  );
  process.exit(1);
} finally {
  await claim?.release();
}

/**
 * The activity log's line for it (docs/decisions/049): every page may have changed. It comes after
 * the archive's own lines (065), or after the lines that were there for an archive without them.
 * Failing to write it undoes nothing.
 */
async function noteRestore(database: Config['database'], name: string): Promise<void> {
  const db = connect(database);
  try {
    await createActivityRecorder({ db }).record({ admin: null }, { action: 'restored', subject: { kind: 'backup', label: name } });
  } catch (error) {
    console.error('Restored, but the activity log could not be written:', error);
  } finally {
    await db.destroy();
  }
}

function secretKey(): Promise<string> {
  return readSecret('The backup is encrypted. Paste its secret key (AGE-SECRET-KEY-1...): ');
}
