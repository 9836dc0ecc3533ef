import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connect.ts';
import type { ImageRow } from '../db/database.ts';
import { newId } from '../shared/ids.ts';
import { nowIso } from '../shared/time.ts';
import { createImagesRepository } from './images.repository.ts';
import { ImageRejectedError, processImage } from './pipeline.ts';
import type { ImageStorage } from './storage.ts';

export const DIRECT_UPLOAD_MAX = 5 * 1024 * 1024;
export const NEWS_UPLOAD_MAX = 10 * 1024 * 1024;
export const UPLOAD_URL_TTL_MS = 15 * 60_000;
const IMAGE_URL = /^\/images\/([a-z0-9]+)$/;

/** What a page needs to render a stored image without layout shift. */
export interface StoredImage {
  url: string;
  width: number;
  height: number;
  widths: number[];
  placeholder: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function imageIdOf(url: string | null | undefined): string | null {
  return url ? (IMAGE_URL.exec(url)?.[1] ?? null) : null;
}

function toStoredImage(row: ImageRow): StoredImage {
  return {
    url: `/images/${row.id}`,
    width: row.width,
    height: row.height,
    widths: row.widths.split(',').map(Number),
    placeholder: row.placeholder,
  };
}

export function createImagesService(deps: { db: Db; storage: ImageStorage }) {
  const repo = createImagesRepository(deps.db);
  const { storage } = deps;

  async function removeFiles(id: string): Promise<void> {
    for (const key of await storage.list(`${id}/`)) await storage.delete(key);
  }

  return {
    /** Validates by content, processes once and stores master and variants; the upload itself is never kept. */
    async ingest(bytes: Uint8Array, maxBytes: number, tooLargeMessage: string): Promise<StoredImage> {
      if (bytes.byteLength > maxBytes) throw new ImageRejectedError(tooLargeMessage, 413);
      const processed = await processImage(bytes);
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
        };
        await repo.insert(row);
        return toStoredImage(row);
      } catch (error) {
        await removeFiles(id);
        throw error;
      }
    },

    read: (key: string) => storage.get(key),

    /** Metadata of the stored images among these URLs (external URLs are skipped). */
    async describe(urls: (string | null | undefined)[]): Promise<Map<string, StoredImage>> {
      const ids = [...new Set(urls.map(imageIdOf).filter((id): id is string => id !== null))];
      const rows = await repo.findByIds(ids);
      return new Map(rows.map((row) => [`/images/${row.id}`, toStoredImage(row)]));
    },

    /** Deletes a stored image and all its files once no content row points at it. */
    async releaseIfUnused(url: string | null | undefined): Promise<void> {
      const id = imageIdOf(url);
      if (!id || (await repo.isReferenced(`/images/${id}`))) return;
      await repo.delete(id);
      await removeFiles(id);
    },

    /** A one-time URL on this server for PUTting one file, valid for 15 minutes. */
    async createUploadUrl(origin: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = Date.now();
      await repo.insertToken({
        tokenHash: sha256(token),
        expiresAt: new Date(now + UPLOAD_URL_TTL_MS).toISOString(),
        usedAt: null,
        imageId: null,
        createdAt: new Date(now).toISOString(),
      });
      return `${origin}/api/objects/${token}`;
    },

    /** Receives the bytes PUT to an upload URL; a forged, expired or used URL is refused. */
    async receiveUpload(token: string, bytes: Uint8Array): Promise<StoredImage> {
      const tokenHash = sha256(token);
      if (!(await repo.claimToken(tokenHash, nowIso()))) {
        throw new ImageRejectedError('This upload link is not valid: it has expired or was already used.', 403);
      }
      const image = await this.ingest(bytes, NEWS_UPLOAD_MAX, 'File size must be less than 10MB');
      await repo.attachImage(tokenHash, image.url.slice('/images/'.length));
      return image;
    },

    /** The stored image behind an upload URL whose file has arrived. */
    async objectPathFor(uploadUrl: string): Promise<string> {
      const token = /\/api\/objects\/([A-Za-z0-9_-]{20,100})$/.exec(uploadUrl.split('?')[0] ?? '')?.[1];
      const row = token ? await repo.findToken(sha256(token)) : undefined;
      if (!row) throw new ImageRejectedError('That is not an upload link of this site.', 400);
      if (!row.imageId) throw new ImageRejectedError('Nothing has been uploaded to that link yet.', 400);
      return `/images/${row.imageId}`;
    },

    /**
     * Removes stored files and image rows that no content row references. Uploads younger than
     * `graceMs` are kept: an administrator may still be filling in the form they belong to.
     */
    async collectGarbage(graceMs = 60 * 60_000): Promise<{ removedImages: string[]; removedFiles: string[] }> {
      const referenced = await repo.referencedUrls();
      const removedImages: string[] = [];
      for (const id of await repo.listCreatedBefore(new Date(Date.now() - graceMs).toISOString())) {
        if (!referenced.has(`/images/${id}`)) {
          await repo.delete(id);
          removedImages.push(id);
        }
      }
      const known = new Set(await repo.listIds());
      const removedFiles: string[] = [];
      for (const key of await storage.list()) {
        if (!known.has(key.split('/')[0]!)) {
          await storage.delete(key);
          removedFiles.push(key);
        }
      }
      await repo.deleteTokensBefore(new Date(Date.now() - UPLOAD_URL_TTL_MS).toISOString());
      return { removedImages, removedFiles };
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
