import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createActivityService } from './activity/activity.service.ts';
import { createDiskWatch, type DiskWatch } from './disk/disk-space.ts';
import { createAdminsService } from './admins/admins.service.ts';
import { createPasswordChecker } from './admins/password-strength.ts';
import { createAuthService } from './auth/auth.service.ts';
import { restoreAdvice } from './backup/backup-files.ts';
import { backupBeforeMigrating, createBackups } from './backup/backups.ts';
import { refuseNewerDatabase } from './backup/newer-version.ts';
import { loadConfig, type Config } from './config.ts';
import { connect, migrateToLatest, type Db } from './db/connect.ts';
import { createDamageRecord, type DamageRecord } from './db/damage.ts';
import { announceMigrations } from './db/notices.ts';
import { giveBackRoom } from './db/room.ts';
import { createEventsService } from './events/events.service.ts';
import { bookingPageChecker } from './events/booking-page.ts';
import { createGalleryService } from './gallery/gallery.service.ts';
import { createImagesService } from './images/images.service.ts';
import { createLocalStorage } from './images/local-storage.ts';
import { createS3Storage } from './images/s3-storage.ts';
import type { ImageStorage } from './images/storage.ts';
import { createRemoteImages, keyFromDataFolder, type RemoteImages } from './images/remote-images.ts';
import { agreedSiteKey, SITE_KEY_BYTES } from './images/site-keys.repository.ts';
import { imageUrlChecker } from './images/image-url-check.ts';
import { createLogger, type Logger } from './logger.ts';
import { createNewsService } from './news/news.service.ts';
import { createInfoPagesService } from './info-pages/info-pages.service.ts';
import { createSettingsService } from './settings/settings.service.ts';
import { createPutBack } from './versions/put-back.ts';
import { createTrashService } from './trash/trash.service.ts';
import { createIdempotencyService } from './idempotency/idempotency.service.ts';
import type { WithImageRelease } from './shared/image-release.ts';

export interface AppContext {
  config: Config;
  db: Db;
  log: Logger;
  news: ReturnType<typeof createNewsService>;
  events: ReturnType<typeof createEventsService>;
  gallery: ReturnType<typeof createGalleryService>;
  images: ReturnType<typeof createImagesService>;
  remoteImages: RemoteImages;
  infoPages: ReturnType<typeof createInfoPagesService>;
  settings: ReturnType<typeof createSettingsService>;
  admins: ReturnType<typeof createAdminsService>;
  auth: ReturnType<typeof createAuthService>;
  backups: ReturnType<typeof createBackups>;
  trash: ReturnType<typeof createTrashService>;
  idempotency: ReturnType<typeof createIdempotencyService>;
  activity: ReturnType<typeof createActivityService>;
  /** How full the disks the site writes to are (docs/decisions/052). */
  disk: DiskWatch;
  /** Damage found in the database's files, once met: for the health check, Settings and the log. */
  damage: DamageRecord;
  /** Gives the disk back the room deleted rows left in a SQLite file (docs/decisions/060); the bytes given back. */
  giveBackRoom(): Promise<number>;
  close(): Promise<void>;
}

/** Connects, migrates and wires the services; used by the server, the scripts and the tests. */
export async function createContext(config: Config, log: Logger = createLogger(config.logLevel)): Promise<AppContext> {
  const db = connect(config.database, {
    onConnectionError: (error) => log.warn({ err: error }, 'a database connection failed; it will be opened again when needed'),
  });
  const storage = createImageStorage(config);
  try {
    await refuseNewerDatabase(db, config, log);
    await backupBeforeMigrating({ db, config, storage, log });
    const applied = await migrateToLatest(db);
    if (applied.length > 0) {
      log.info({ migrations: applied }, 'database migrated');
      // Instances of the version before, still running on this database, stop at once (143).
      if (config.database.kind === 'postgres') {
        await announceMigrations(db, applied).catch((error: unknown) =>
          log.warn({ err: error }, 'could not tell other instances that the database was migrated; they see it within seconds'),
        );
      }
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const timeZone = config.timeZone;
  const damage = createDamageRecord({ log, advice: () => restoreAdvice(config.backup.dir) });
  const disk = createDiskWatch(diskPlaces(config));
  const images = createImagesService({ db, storage, log, roomFor: (bytes) => disk.roomForPhotos(bytes) });
  const withImageRelease: WithImageRelease = (work) => images.transaction(work);
  const remoteImages = createRemoteImages({
    storage,
    secret: await remoteImagesKey(db, config.dataDir, log),
    allowPrivate: config.remoteImagesAllowPrivate,
    log,
  });
  const checkImageUrl = imageUrlChecker(remoteImages);
  const settings = createSettingsService({ db, withImageRelease, checkImageUrl });
  const trash = createTrashService({ db, withImageRelease });
  const news = createNewsService({ db, timeZone, withImageRelease, checkImageUrl });
  const checkBookingPage = bookingPageChecker({
    enabled: config.checkBookingPages,
    allowPrivate: config.remoteImagesAllowPrivate,
    siteOrigin: new URL(config.publicUrl).origin,
  });
  const events = createEventsService({ db, timeZone, withImageRelease, checkImageUrl, checkBookingPage });
  const infoPages = createInfoPagesService({ db });
  const gallery = createGalleryService({ db, withImageRelease, checkImageUrl });
  const putBack = createPutBack({
    db,
    saves: { news, events, gallery, infoPages, settings },
    liveAmong: (kind, ids) => trash.liveAmong(kind, ids),
  });
  const context: AppContext = {
    config,
    db,
    log,
    news,
    events,
    gallery,
    images,
    remoteImages,
    infoPages,
    settings,
    admins: createAdminsService({
      db,
      checkPassword: createPasswordChecker(log),
      clubName: () => settings.get().then((value) => value.clubName),
    }),
    auth: createAuthService({ db }),
    backups: createBackups({ config, db, storage, log, damage }),
    trash,
    idempotency: createIdempotencyService({ db }),
    activity: createActivityService({ db, trash, putBack }),
    disk,
    damage,
    // PostgreSQL reuses the room itself (autovacuum); giving it back to the disk is its operator's VACUUM FULL.
    giveBackRoom: () => (config.database.kind === 'sqlite' ? giveBackRoom(db) : Promise.resolve(0)),
    close: () => db.destroy(),
  };
  return context;
}

/**
 * The key that signs the addresses of photos given by address: the database's, which every
 * instance shares (docs/decisions/127); at first, the one an earlier version left in the data
 * folder. A database that cannot give it (damaged: docs/decisions/035) leaves this instance with
 * the folder's or a key of its own, so that it still starts and serves what it can.
 */
async function remoteImagesKey(db: Db, dataDir: string, log: Logger): Promise<Buffer> {
  const candidate = () => keyFromDataFolder(dataDir) ?? randomBytes(SITE_KEY_BYTES);
  try {
    return await agreedSiteKey(db, 'remote-images', candidate);
  } catch (error) {
    log.warn({ err: error }, 'the database could not give the key for photos given by address: this instance uses one of its own');
    return candidate();
  }
}

/** The folders on this server's disks the site writes to, and what each holds. */
function diskPlaces(config: Config): Parameters<typeof createDiskWatch>[0] {
  return [
    ...(config.database.kind === 'sqlite' ? [{ holds: 'the database' as const, dir: path.dirname(config.database.file) }] : []),
    ...(config.s3 ? [] : [{ holds: 'photos' as const, dir: path.join(config.dataDir, 'images') }]),
    { holds: 'backups' as const, dir: config.backup.dir },
  ];
}

/** Where image files live: the one place that chooses the storage backend. */
export function createImageStorage(config: Config): ImageStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'images'));
}

// One per process: the server bundle imports this very module (astro.config.ts keeps src/core
// out of the bundle), so src/server/main.ts and the pages share it.
let current: Promise<AppContext> | undefined;

/** The process-wide context, created on first use (the server creates it before listening). */
export function getContext(): Promise<AppContext> {
  current ??= createContext(loadConfig());
  return current;
}

export function setContext(context: Promise<AppContext>): void {
  current = context;
}
