import fs from 'node:fs';
import { z } from 'zod';

// One backup archive (docs/decisions/019-backup.md): a gzip'd tar holding each table as JSON
// lines, every stored image file, and manifest.json last, with a SHA-256 for every other entry.
// Engine-neutral: rows are plain JSON of the columns as the migrations name them (snake_case).

export const ARCHIVE_FORMAT = 'fathers-club-backup';
/**
 * Raise with a change to the layout below, and teach readArchive the older one. 1: the content
 * tables alone. 2: the history tables too, as far as the database's migrations had made them.
 */
export const ARCHIVE_FORMAT_VERSION = 2;
export const MANIFEST_ENTRY = 'manifest.json';
export const tableEntry = (table: string) => `tables/${table}.jsonl`;
export const imageEntry = (key: string) => `images/${key}`;
export const IMAGE_ENTRY = /^images\/(.+)$/;

/**
 * The site's content, in the order a restore loads it (images before the rows that name them):
 * every backup holds these. Sessions, sign-in attempts and one-time upload links are left out:
 * they are worth nothing on another host, and restored sessions would keep old sign-ins valid.
 */
export const CONTENT_TABLES = [
  'admins',
  'images',
  'news_items',
  'events',
  'gallery_images',
  'who_we_are',
  'what_we_do',
  'site_settings',
] as const;

/**
 * What the site remembers of its changes (docs/decisions/065): who did what, and the earlier
 * versions with the pictures they hold, loaded after the content they name. A database from an
 * older version of the site had some of them yet: a backup holds those its migrations had made.
 */
export const HISTORY_TABLES = [
  { table: 'activity', madeBy: '2026_11_26_0012_activity', key: ['id'] },
  { table: 'page_versions', madeBy: '2026_11_26_0014_page_versions', key: ['id'] },
  { table: 'version_pictures', madeBy: '2026_11_27_0017_version_pictures', key: ['version_id', 'image_id'] },
  { table: 'removed_admins', madeBy: '2026_11_30_0020_removed_admins', key: ['id'] },
] as const;

/** The columns that tell a table's rows apart: `id`, but for the pictures of versions. */
export const keyOf = (table: string): readonly string[] => HISTORY_TABLES.find((history) => history.table === table)?.key ?? ['id'];

/** The tables an archive of `formatVersion` holds, taken of a database with `migrations` applied, in their order. */
export function archiveTables(formatVersion: number, migrations: readonly string[]): string[] {
  const history = formatVersion >= 2 ? HISTORY_TABLES.filter((table) => migrations.includes(table.madeBy)).map((table) => table.table) : [];
  return [...CONTENT_TABLES, ...history];
}

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.number().int().min(1),
  appVersion: z.string(),
  createdAt: z.string(),
  /** The database engine the backup was taken from; informative only. */
  source: z.enum(['sqlite', 'postgres']),
  /** The schema migrations applied when the backup was taken, oldest first. */
  migrations: z.array(z.string()).min(1),
  rowCounts: z.record(z.string(), z.number().int().min(0)),
  /** SHA-256 (hex) of every entry but the manifest. */
  entries: z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)),
  /** Image files a row names that were gone when the backup was taken (deleted meanwhile). */
  missingImageFiles: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** The club's news, events and photos: a site with no row in any of them may have been started empty by mistake. */
export const NEWS_EVENTS_PHOTOS = ['news_items', 'events', 'gallery_images'] as const satisfies readonly (typeof CONTENT_TABLES)[number][];

/** Whether a backup holds any news, event or photo. */
export const holdsContent = (manifest: Manifest) => NEWS_EVENTS_PHOTOS.some((table) => (manifest.rowCounts[table] ?? 0) > 0);

/** A backup that cannot be taken or restored, in words for whoever runs the command. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** What an administrator is told when the backup folder cannot take a backup (no server paths). */
export const BACKUP_NOT_WRITTEN =
  "The backup could not be written: the disk of the server's backup folder is full or cannot be written to. Nothing of it was kept. Tell whoever runs the site.";

/**
 * What an administrator is told when the database is damaged: a backup of it would hold the
 * damage, and push the good ones out of the folder.
 */
export const BACKUP_OF_DAMAGED =
  "The site's database is damaged, so no backup was taken, and the older ones are kept as they are. Tell whoever runs the site: it needs restoring from the last good backup.";

/** The backup folder's disk cannot take the archive (full, read-only, no permission); nothing of it is left. */
export class BackupNotWrittenError extends BackupError {
  override name = 'BackupNotWrittenError';
  /** How many bytes of the archive were written when its disk was full: the next one needs more room (145). */
  readonly reachedWhenFull: number | undefined;
  constructor(folder: string, cause: unknown, written?: number, why?: string) {
    const code = (cause as NodeJS.ErrnoException).code;
    const full = code === 'ENOSPC' || code === 'EDQUOT';
    why ??= full ? 'its disk is full' : `it cannot be written to (${code})`;
    super(`The backup could not be written in ${folder}: ${why}. Nothing of it was kept. Make room or fix the folder, then try again.`, {
      cause,
    });
    this.reachedWhenFull = full ? written : undefined;
  }
}

export function applicationVersion(): string {
  const file = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
