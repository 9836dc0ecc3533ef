import type { Db } from '../db/connect.ts';
import { NotFoundError } from '../shared/errors.ts';
import { newId } from '../shared/ids.ts';
import type { ReleaseImage } from '../shared/release-image.ts';
import { nowIso } from '../shared/time.ts';
import type { GalleryImage, GalleryInput } from './gallery.schema.ts';
import { createGalleryRepository } from './gallery.repository.ts';

export function createGalleryService(deps: { db: Db; releaseImage: ReleaseImage }) {
  const repo = createGalleryRepository(deps.db);
  return {
    list: (page?: { limit: number; offset: number }): Promise<GalleryImage[]> => repo.list(page),

    count: () => repo.count(),

    async get(id: string): Promise<GalleryImage> {
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError('Gallery image');
      return row;
    },

    async create(input: GalleryInput): Promise<GalleryImage> {
      const now = nowIso();
      const row = { id: newId(), imageUrl: input.imageUrl, caption: input.caption ?? null, createdAt: now, updatedAt: now };
      await repo.insert(row);
      return row;
    },

    async update(id: string, input: GalleryInput): Promise<GalleryImage> {
      const before = await this.get(id);
      const updated = await repo.update(id, {
        imageUrl: input.imageUrl,
        ...(input.caption !== undefined && { caption: input.caption }),
        updatedAt: nowIso(),
      });
      if (!updated) throw new NotFoundError('Gallery image');
      const after = await this.get(id);
      if (before.imageUrl !== after.imageUrl) await deps.releaseImage(before.imageUrl);
      return after;
    },

    async delete(id: string): Promise<GalleryImage> {
      const image = await this.get(id);
      if (!(await repo.delete(id))) throw new NotFoundError('Gallery image');
      await deps.releaseImage(image.imageUrl);
      return image;
    },
  };
}
