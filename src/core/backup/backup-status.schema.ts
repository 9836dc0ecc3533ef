import { z } from 'zod';

/** What the Settings screen shows about backups (GET /api/admin/backups). */
export const backupStatusSchema = z.object({
  /** When the newest backup in the backup folder was taken (ISO 8601), or null. */
  lastBackupAt: z.string().nullable(),
  /** Whether the server takes one every day (BACKUP_DIR is set). */
  daily: z.boolean(),
  /** The hour of the daily backup in the site's time zone, and how many are kept. */
  hour: z.number().int(),
  keep: z.number().int(),
  /**
   * How many daily backups the backup folder's disk holds, when fewer than `keep`: the last one
   * taken removed older ones to make room (145). Null otherwise.
   */
  roomFor: z.number().int().nullable(),
  /** The last backup that failed (daily or asked for), until one succeeds: when, and what to do. */
  lastFailure: z.object({ at: z.string(), message: z.string() }).nullable(),
  /** When the server found its database damaged (ISO 8601), or null: no backup can be taken until it is restored. */
  databaseDamagedAt: z.string().nullable(),
  /** The copies off the server (BACKUP_S3_BUCKET), or null without a bucket. */
  offsite: z
    .object({
      bucket: z.string(),
      /** Whether the copies are encrypted (BACKUP_RECIPIENTS): whoever reads the bucket cannot read them. */
      encrypted: z.boolean(),
      /** The time of the newest backup the bucket holds (ISO 8601), or null. */
      newestCopyAt: z.string().nullable(),
      lastFailure: z.object({ at: z.string(), message: z.string() }).nullable(),
    })
    .nullable(),
  /**
   * While the site holds no news, events or photos and its database is newer than backups in the
   * backup folder or the bucket: the newest of those (its disk lost, or started afresh by
   * mistake), and the command that restores it.
   */
  earlierSite: z.object({ databaseMadeAt: z.string(), copyAt: z.string(), command: z.string() }).nullable(),
});

/** A backup just taken (POST /api/admin/backups): its file, to download from `downloadUrl`. */
export const backupTakenSchema = z.object({
  name: z.string(),
  downloadUrl: z.string(),
});
export type BackupStatus = z.output<typeof backupStatusSchema>;
