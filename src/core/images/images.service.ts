import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import { isTransientConflict } from '../db/errors.ts';
import type { ImageRow } from '../db/database.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import type { Logger } from '../logger.ts';
import { createImagesRepository } from './images.repository.ts';
import { ImageRejectedError, processImage, type ProcessedImage } from './pipeline.ts';
import { NO_ROOM_FOR_PHOTOS } from '../disk/disk-space.schema.ts';
import type { ImageStorage } from './storage.ts';
import { createKeptCopies } from './kept-copies.ts';
import { drawShareCopy } from './share-copy.ts';
import { drawAppIcon, drawTouchIcon } from './touch-icon.ts';
import { NEWS_UPLOAD, type UploadLimit } from './upload-limits.ts';
import { APP_ICON_FILE, SHARE_FILE, storedImageId, storedImageUrl, TOUCH_ICON_FILE, type DrawnFile } from './image-urls.ts';
import type { ReleaseImage } from '../shared/image-release.ts';

const UPLOAD_URL_TTL_MS = 15 * 60_000;
/**
 * How long an image a change stopped using is kept (and still served), so that 'Undo' of that
 * change, or a form opened before it, can use it again (docs/decisions/050).
 */
export const RELEASED_IMAGE_KEEP_MS = 15 * 60_000;
/** Images released since this moment are still kept. */
const keptSince = () => new Date(Date.now() - RELEASED_IMAGE_KEEP_MS).toISOString();
/** How often a write that met another in a deadlock is run in all. */
const CONFLICT_ATTEMPTS = 4;
export const UPLOAD_LINK_INVALID = 'This upload link is not valid: it has expired or was already used.';

/** What a page needs to render a stored image without layout shift. */
export interface StoredImage {
  url: string;
  width: number;
  height: number;
  widths: number[];
  placeholder: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function toStoredImage(row: ImageRow): StoredImage {
  return {
    url: storedImageUrl(row.id),
    width: row.width,
    height: row.height,
    widths: row.widths.split(',').map(Number),
    placeholder: row.placeholder,
  };
}

export function createImagesService(deps: {
  db: Db;
  storage: ImageStorage;
  log: Logger;
  /** Whether the disk keeps its reserve with these bytes more stored (docs/decisions/057). */
  roomFor?: (bytes: number) => Promise<boolean>;
}) {
  const repo = createImagesRepository(deps.db);
  const { storage } = deps;

  async function removeFiles(id: string): Promise<void> {
    for (const key of await storage.list(`${id}/`)) await storage.delete(key);
  }

  /** Files left behind when their removal fails are harmless: `npm run images:gc` takes them later. */
  async function removeFilesLater(id: string): Promise<void> {
    try {
      await removeFiles(id);
    } catch (error) {
      deps.log.warn({ err: error, imageId: id }, 'could not remove the files of a released image; images:gc will');
    }
  }

  /**
   * Removes the images released more than RELEASED_IMAGE_KEEP_MS ago that no row has taken up
   * again, and forgets the release of those that one has. Each delete checks again that nothing
   * uses the image (a write may take it up at that very moment). Returns the ids removed.
   */
  async function sweepReleased(): Promise<string[]> {
    const removed: string[] = [];
    const since = keptSince();
    for (const id of await repo.listReleasedBefore(since)) {
      // Checked again as it is deleted: released again since it was listed, it is kept for that Undo.
      if (await repo.deleteIfUnreferenced(id, since)) {
        removed.push(id);
        await removeFilesLater(id);
      } else {
        await repo.clearRelease(id, since);
      }
    }
    return removed;
  }

  const sweepInBackground = () => {
    sweepReleased().catch((error: unknown) => deps.log.warn({ err: error }, 'could not remove released images; the housekeeping will'));
  };

  /**
   * After a release: the images whose time is up go now (one indexed query when none is), and
   * the one just released once its own time is up. The hourly housekeeping sweeps too, for
   * releases made before a restart.
   */
  function sweepLater(): void {
    sweepInBackground();
    setTimeout(sweepInBackground, RELEASED_IMAGE_KEEP_MS + 1000).unref();
  }

  async function checkedAndProcessed(bytes: Uint8Array, limit: UploadLimit): Promise<ProcessedImage> {
    if (bytes.byteLength > limit.maxBytes) throw new ImageRejectedError(limit.tooLarge, 413);
    const processed = await processImage(bytes);
    const size = processed.master.byteLength + processed.variants.reduce((sum, variant) => sum + variant.data.byteLength, 0);
    // 507 Insufficient Storage: nothing wrong with the photo, and it may be sent again once there is room.
    if (deps.roomFor && !(await deps.roomFor(size))) throw new ImageRejectedError(NO_ROOM_FOR_PHOTOS, 507);
    return processed;
  }

  /** Stores master, variants and the row; on any failure nothing of it stays. */
  async function store(processed: ProcessedImage): Promise<StoredImage> {
    const id = newId();
    try {
      await storage.put(`${id}/master.webp`, processed.master);
      for (const variant of processed.variants) {
        await storage.put(`${id}/${variant.width}.${variant.format}`, variant.data);
      }
      const row: ImageRow = {
        id,
        width: processed.width,
        height: processed.height,
        widths: [...new Set(processed.variants.map((v) => v.width))].join(','),
        placeholder: processed.placeholder,
        createdAt: nowIso(),
        releasedAt: null,
      };
      await repo.insert(row);
      return toStoredImage(row);
    } catch (error) {
      await removeFilesLater(id);
      throw error;
    }
  }

  return {
    /** Validates by content, processes once and stores master and variants; the upload itself is never kept. */
    async ingest(bytes: Uint8Array, limit: UploadLimit): Promise<StoredImage> {
      return store(await checkedAndProcessed(bytes, limit));
    },

    /** Health: whether a new image could be stored now. */
    checkWritable: () => storage.checkWritable(),

    read: (key: string) => storage.get(key),

    /** Files drawn from a master when first asked for (kept-copies.ts), of a stored image or a copy of one given by URL. */
    drawn: {
      /** The JPEG link previews show (share-copy.ts). */
      [SHARE_FILE]: createKeptCopies(storage, deps.log, SHARE_FILE, drawShareCopy, deps.roomFor),
      /** The PNG a phone's home screen shows (touch-icon.ts). */
      [TOUCH_ICON_FILE]: createKeptCopies(storage, deps.log, TOUCH_ICON_FILE, drawTouchIcon, deps.roomFor),
      /** The larger PNG the web app manifest names, for Android (touch-icon.ts). */
      [APP_ICON_FILE]: createKeptCopies(storage, deps.log, APP_ICON_FILE, drawAppIcon, deps.roomFor),
    } satisfies Record<DrawnFile, unknown>,

    /**
     * Whether the stored image with this id is used only by items in Recently deleted: a photo
     * deleted because a parent asked leaves the site with its item, not 30 days later.
     */
    isWithdrawn: (id: string) => repo.isWithdrawn(id),

    /** Metadata of the stored images among these URLs (external URLs are skipped). */
    async describe(urls: (string | null | undefined)[]): Promise<Map<string, StoredImage>> {
      const ids = [...new Set(urls.map(storedImageId).filter((id): id is string => id !== null))];
      const rows = await repo.findByIds(ids);
      return new Map(rows.map((row) => [storedImageUrl(row.id), toStoredImage(row)]));
    },

    /**
     * Runs a content write in one transaction with the release of the images it stops using.
     * `release(url)` marks that image released unless a row still uses it: it stays (and is
     * served) for RELEASED_IMAGE_KEEP_MS, so that 'Undo' of this change can put it back, and then
     * goes with `sweepReleased` once no earlier version holds it (061). `release(url, { atOnce:
     * true })` (deleting for ever, which has no undo) takes it from the versions that hold it and
     * deletes its row in the same transaction, and its files once that has committed (never for
     * one rolled back).
     */
    async transaction<T>(work: (trx: Db, release: ReleaseImage) => Promise<T>): Promise<T> {
      for (let attempt = 1; ; attempt++) {
        const deleted: string[] = [];
        let marked = false;
        try {
          const result = await deps.db.transaction().execute((trx) =>
            work(trx, async (url, options) => {
              const id = storedImageId(url);
              if (!id) return;
              const images = createImagesRepository(trx);
              if (options?.atOnce) {
                await images.takeFromVersionsIfUnusedOnSite(id);
                if (await images.deleteIfUnreferenced(id)) deleted.push(id);
              } else if (await images.markReleasedIfUnreferenced(id, nowIso())) {
                marked = true;
              }
            }),
          );
          for (const id of deleted) await removeFilesLater(id);
          if (marked) sweepLater();
          return result;
        } catch (error) {
          // A deadlock with another such write: all of this one was rolled back, so it runs again.
          if (!isTransientConflict(error) || attempt === CONFLICT_ATTEMPTS) throw error;
          deps.log.info({ attempt }, 'a write met another in a deadlock; running it again');
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
        }
      }
    },

    sweepReleased,

    /** A one-time URL under the site's public address for PUTting one file, valid for 15 minutes. */
    async createUploadUrl(publicUrl: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      await repo.insertToken({
        tokenHash: sha256(token),
        expiresAt: new Date(now + UPLOAD_URL_TTL_MS).toISOString(),
        usedAt: null,
        imageId: null,
        createdAt: new Date(now).toISOString(),
      });
      return `${publicUrl}/api/objects/${token}`;
    },

    /** Refuses a forged, expired or used upload URL before its body is read. */
    async checkUploadToken(token: string): Promise<void> {
      const row = await repo.findToken(sha256(token));
      if (!row || row.usedAt || row.expiresAt <= nowIso()) throw new ImageRejectedError(UPLOAD_LINK_INVALID, 403);
    },

    /**
     * Receives the bytes PUT to an upload URL. The URL is used up only by an upload that was
     * stored: a file that is refused, or that the storage cannot take, leaves it usable.
     */
    async receiveUpload(token: string, bytes: Uint8Array): Promise<StoredImage> {
      const tokenHash = sha256(token);
      const processed = await checkedAndProcessed(bytes, NEWS_UPLOAD);
      if (!(await repo.claimToken(tokenHash, nowIso()))) throw new ImageRejectedError(UPLOAD_LINK_INVALID, 403);
      let image: StoredImage;
      try {
        image = await store(processed);
      } catch (error) {
        await repo.releaseToken(tokenHash);
        throw error;
      }
      await repo.attachImage(tokenHash, storedImageId(image.url)!);
      return image;
    },

    /** The stored image behind an upload URL whose file has arrived. */
    async objectPathFor(uploadUrl: string): Promise<string> {
      const token = /\/api\/objects\/([A-Za-z0-9_-]{20,100})$/.exec(uploadUrl.split('?')[0] ?? '')?.[1];
      const row = token ? await repo.findToken(sha256(token)) : undefined;
      if (!row) throw new ImageRejectedError('That is not an upload link of this site.', 400);
      if (!row.imageId) throw new ImageRejectedError('Nothing has been uploaded to that link yet.', 400);
      return storedImageUrl(row.imageId);
    },

    /**
     * Removes stored files and image rows that no content row references. Uploads younger than
     * `graceMs` are kept: an administrator may still be filling in the form they belong to.
     */
    async collectGarbage(graceMs = 60 * 60_000): Promise<{ removedImages: string[]; removedFiles: string[] }> {
      const cutoff = new Date(Date.now() - graceMs);
      const referenced = await repo.referencedIds();
      const removedImages: string[] = [];
      const since = keptSince();
      for (const id of await repo.listCreatedBefore(cutoff.toISOString(), since)) {
        // Checked again by the delete itself: a row may have started using it since.
        if (!referenced.has(id) && (await repo.deleteIfUnreferenced(id, since))) removedImages.push(id);
      }
      // An upload stores its files, then its row: files written within the grace period are left
      // alone, since their upload may still be storing them. The rows are read after the files,
      // so an upload that finished in between is known.
      const files = await storage.list('', cutoff);
      const known = new Set(await repo.listIds());
      const removedFiles: string[] = [];
      for (const key of files) {
        if (!known.has(key.split('/')[0]!)) {
          await storage.delete(key);
          removedFiles.push(key);
        }
      }
      removedFiles.push(...(await storage.sweepUnfinished(cutoff)));
      await repo.deleteTokensBefore(new Date(Date.now() - UPLOAD_URL_TTL_MS).toISOString());
      return { removedImages, removedFiles };
    },
  };
}
