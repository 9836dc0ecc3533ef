import type { Db } from '../db/connect.ts';
import { inTransaction } from '../db/in-transaction.ts';
import { NotFoundError } from '../shared/errors.ts';
import { checkVersion, nextVersion } from '../shared/edit-version.ts';
import { newId } from '../shared/ids.ts';
import type { WithImageRelease } from '../shared/image-release.ts';
import type { CheckImageUrl } from '../images/image-url-check.ts';
import { nowIso } from '../shared/time.ts';
import type { GalleryImage, GalleryInput } from './gallery.schema.ts';
import { createGalleryRepository } from './gallery.repository.ts';
import { recordWithChange, type ActivityActor } from '../activity/activity-recorder.ts';
import { addOnce } from '../shared/add-once.ts';
import { earlierVersions, keepEarlierVersion } from '../versions/versions.ts';
import { itemRecord, type PageVersion } from '../versions/versions.schema.ts';

/** What an earlier version of a photo keeps (docs/decisions/061): the picture and its words. */
const versionOf = ({ imageUrl, imageAlt, caption }: GalleryImage) => ({ imageUrl, imageAlt, caption });

export function createGalleryService(deps: { db: Db; withImageRelease: WithImageRelease; checkImageUrl: CheckImageUrl }) {
  const repo = createGalleryRepository(deps.db);
  return {
    list: (page?: { limit: number; offset: number }): Promise<GalleryImage[]> => repo.list(page),

    count: () => repo.count(),

    /** How many photos come before it on the gallery (newest first), or undefined when it is not there. */
    positionOf: (id: string): Promise<number | undefined> => repo.positionOf(id),

    async get(id: string): Promise<GalleryImage> {
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError('Gallery image');
      return row;
    },

    /**
     * Each change writes its line in the activity log by `actor`, in its own transaction
     * (recordWithChange). `id`: the one an Idempotency-Key gives (addOnce).
     */
    async create(input: GalleryInput, actor?: ActivityActor, id?: string): Promise<GalleryImage> {
      await deps.checkImageUrl(input.imageUrl);
      const now = nowIso();
      const row = {
        id: id ?? newId(),
        imageUrl: input.imageUrl,
        caption: input.caption ?? null,
        imageAlt: input.imageAlt ?? null,
        createdAt: now,
        updatedAt: now,
      };
      return addOnce(deps.db, actor, id, {
        insert: (trx) => createGalleryRepository(trx).insert(row),
        subject: (photo) => ({ kind: 'photo', id: photo.id, label: photo.caption }),
        made: (made) => repo.findById(made),
        noun: 'photo',
      });
    },

    /** What it showed and said is kept as an earlier version, in the same transaction, saying who (`actor`) replaced it. */
    async update(id: string, input: GalleryInput, expectedVersion?: string, actor?: ActivityActor): Promise<GalleryImage> {
      await deps.checkImageUrl(input.imageUrl, (await repo.findById(id))?.imageUrl);
      const changes = {
        imageUrl: input.imageUrl,
        ...(input.caption !== undefined && { caption: input.caption }),
        ...(input.imageAlt !== undefined && { imageAlt: input.imageAlt }),
        updatedAt: nowIso(),
      };
      return deps.withImageRelease(async (trx, release) => {
        const rows = createGalleryRepository(trx);
        await rows.lock(id);
        const before = await rows.findById(id);
        if (!before) throw new NotFoundError('Gallery image');
        checkVersion('gallery image', before.updatedAt, expectedVersion);
        const after = await rows.update(id, { ...changes, updatedAt: nextVersion(changes.updatedAt, before.updatedAt) });
        if (!after) throw new NotFoundError('Gallery image');
        if (before.imageUrl !== after.imageUrl) await release(before.imageUrl);
        await keepEarlierVersion(trx, {
          record: itemRecord('gallery', id),
          before: versionOf(before),
          beforeVersion: before.updatedAt,
          after: versionOf(after),
          afterVersion: after.updatedAt,
          by: actor?.admin ?? undefined,
        });
        await recordWithChange(trx, actor, { action: 'edited', subject: { kind: 'photo', id, label: after.caption } });
        return after;
      });
    },

    /** What a photo on the site showed and said before each of its last saves, newest first. */
    async versions(id: string): Promise<PageVersion[]> {
      if (!(await repo.findById(id))) throw new NotFoundError('Gallery image');
      return earlierVersions(deps.db, itemRecord('gallery', id));
    },

    /** Moves it to the recently deleted for 30 days (src/core/trash): gone from the site, restorable. */
    async delete(id: string, actor?: ActivityActor): Promise<GalleryImage> {
      const deleted = await inTransaction(deps.db, async (trx) => {
        const row = await createGalleryRepository(trx).delete(id, nowIso());
        if (row) await recordWithChange(trx, actor, { action: 'deleted', subject: { kind: 'photo', id: row.id, label: row.caption } });
        return row;
      });
      if (!deleted) throw new NotFoundError('Gallery image');
      return deleted;
    },
  };
}
