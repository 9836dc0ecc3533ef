// npm run backup [-- --out FILE]
// Writes one archive of the database and the image files (docs/decisions/019-backup.md), by
// default into BACKUP_DIR (DATA_DIR/backups). The site may keep running meanwhile.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError } from '../src/core/backup/archive-format.ts';
import { backupFileName, restoreAdvice } from '../src/core/backup/backup-files.ts';
import { writeBackup } from '../src/core/backup/write-backup.ts';
import { type Config, ConfigError, loadConfig } from '../src/core/config.ts';
import { openingSentence } from '../src/core/db/opening-problems.ts';
import { requireFolderOwner, WrongUserError } from '../src/core/shared/folder-owner.ts';
import { scriptCommand } from './open-context.ts';
import { createImageStorage } from '../src/core/context.ts';
import { DatabaseDamagedError } from '../src/core/db/damage.ts';

const usage = 'Usage: npm run backup [-- --out FILE]';
let out: string | undefined;
try {
  out = parseArgs({ options: { out: { type: 'string' } } }).values.out;
} catch {
  console.error(usage);
  process.exit(2);
}
let config: Config | undefined;
try {
  config = loadConfig();
  requireFolderOwner([config.dataDir, config.backup.dir], scriptCommand());
  const file = out ?? path.join(config.backup.dir, backupFileName(new Date()));
  const manifest = await writeBackup({ database: config.database, storage: createImageStorage(config), file });
  const counts = Object.entries(manifest.rowCounts).map(([table, count]) => `${count} ${table.replace(/_/g, ' ')}`);
  console.log(`Backup written to ${path.resolve(file)} (${counts.join(', ')}).`);
  console.log("It holds the administrators' password hashes: keep it as private as the server.");
  if (manifest.missingImageFiles.length > 0)
    console.log(`Image files deleted while it was taken: ${manifest.missingImageFiles.join(', ')}`);
} catch (error) {
  if (error instanceof DatabaseDamagedError)
    console.error(`${error.message}\nNo backup was taken: ${await restoreAdvice(loadConfig().backup.dir)}`);
  else
    console.error(
      error instanceof BackupError || error instanceof ConfigError || error instanceof WrongUserError
        ? error.message
        : (openingSentence(error, config?.database) ?? error),
    );
  process.exit(1);
}
