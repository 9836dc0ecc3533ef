import type { AppContext } from './context.ts';
import type { Logger } from './logger.ts';

const HOUR_MS = 60 * 60_000;
/** How often unused images are collected: once at start, then daily. */
const IMAGE_GC_EVERY_MS = 24 * HOUR_MS;
/**
 * Images younger than this are left to the next run: an administrator may have uploaded one
 * into a form they have not saved yet (the command's own default, an hour, is for an operator
 * who knows nobody is editing).
 */
export const AUTOMATIC_IMAGE_GC_GRACE_MS = 24 * HOUR_MS;

type Tasks = Pick<AppContext, 'auth' | 'idempotency' | 'trash' | 'images' | 'activity' | 'admins' | 'disk' | 'giveBackRoom'>;

/**
 * The server's housekeeping, so that a site nobody looks after for years stays the same size:
 * expired sessions and idempotency keys, what was deleted (and administrators removed) more than
 * 30 days ago and activity log lines older than a year, images released for an 'Undo' whose time
 * is up, and the room deleted rows left in a SQLite file (hourly),
 * and images nothing uses any more, with the upload links that expired (daily); and it says in the
 * log when a disk is nearly full (hourly). Each runs once
 * at start; a failure is logged and the task tried again at the next hour.
 */
export function startMaintenance(app: Tasks, log: Logger): () => void {
  let imagesCollectedAt: number | null = null;
  // A collection still running (a slow bucket) is not started a second time beside itself.
  let collecting = false;
  const warnOf = (what: string) => (error: unknown) => log.warn({ err: error }, `${what} failed; tried again within the hour`);

  const hourly = () => {
    app.auth.prune().catch(warnOf('session pruning'));
    app.idempotency.prune().catch(warnOf('idempotency key pruning'));
    app.activity.prune().catch(warnOf('activity log pruning'));
    app.admins.forgetRemoved().catch(warnOf('forgetting the administrators removed 30 days ago'));
    // The sweep after the purge: it deletes the pictures the purge's versions let go of.
    app.trash
      .purgeExpired()
      .then((count) => count > 0 && log.info({ count }, 'deleted items purged after 30 days'))
      .catch(warnOf('purging the recently deleted'))
      .finally(() => app.images.sweepReleased().catch(warnOf('removing released images')));
    app
      .giveBackRoom()
      .then((bytes) => bytes > 0 && log.info({ bytes }, 'room that deleted rows left in the database given back to the disk'))
      .catch(warnOf('giving back the room of deleted rows'));
    // Said in the log too, for whoever runs the host and reads it rather than the dashboard.
    app.disk
      .check()
      .then((disks) => {
        for (const disk of disks.filter((each) => each.low)) {
          log.warn({ holds: disk.holds, freeBytes: disk.freeBytes, totalBytes: disk.totalBytes }, 'the disk is nearly full');
        }
      })
      .catch(warnOf('checking the free disk space'));
    if (!collecting && (imagesCollectedAt === null || Date.now() - imagesCollectedAt >= IMAGE_GC_EVERY_MS)) {
      collecting = true;
      app.images
        .collectGarbage(AUTOMATIC_IMAGE_GC_GRACE_MS)
        .then(({ removedImages, removedFiles }) => {
          imagesCollectedAt = Date.now();
          if (removedImages.length + removedFiles.length > 0) {
            log.info({ images: removedImages.length, files: removedFiles.length }, 'unused images removed');
          }
        })
        .catch(warnOf('removing unused images'))
        .finally(() => (collecting = false));
    }
  };
  hourly();
  const timer = setInterval(hourly, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
