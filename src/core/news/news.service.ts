import type { Db } from '../db/connect.ts';
import type { NewsItemRow } from '../db/database.ts';
import { NotFoundError } from '../shared/errors.ts';
import { newId } from '../shared/ids.ts';
import type { ReleaseImage } from '../shared/release-image.ts';
import { nowIso, toUtcIso } from '../shared/time.ts';
import type { NewsInput, NewsItem } from './news.schema.ts';
import { createNewsRepository } from './news.repository.ts';
import { sanitizeNewsContent } from './sanitize-content.ts';

export function createNewsService(deps: { db: Db; timeZone: string; releaseImage: ReleaseImage }) {
  const repo = createNewsRepository(deps.db);
  const toInstant = (value: string) => toUtcIso(value, deps.timeZone);

  return {
    list: async (page?: { limit: number; offset: number }): Promise<NewsItem[]> =>
      (await repo.list(page)).map(toNewsItem),

    count: () => repo.count(),

    /** Ids and last changes for the sitemap. */
    links: (limit: number): Promise<{ id: string; updatedAt: string }[]> => repo.listLinks(limit),

    async get(id: string): Promise<NewsItem> {
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError('News item');
      return toNewsItem(row);
    },

    async create(input: NewsInput): Promise<NewsItem> {
      const now = nowIso();
      const row: NewsItemRow = {
        id: newId(),
        title: input.title,
        content: sanitizeNewsContent(input.content ?? ''),
        publishedAt: toInstant(input.publishedAt),
        imageUrl: input.imageUrl ?? null,
        createdAt: now,
        updatedAt: now,
      };
      await repo.insert(row);
      return toNewsItem(row);
    },

    /** Fields the payload leaves out keep their stored values. */
    async update(id: string, input: NewsInput): Promise<NewsItem> {
      const before = await this.get(id);
      const updated = await repo.update(id, {
        title: input.title,
        publishedAt: toInstant(input.publishedAt),
        ...(input.content !== undefined && { content: sanitizeNewsContent(input.content) }),
        ...(input.imageUrl !== undefined && { imageUrl: input.imageUrl }),
        updatedAt: nowIso(),
      });
      if (!updated) throw new NotFoundError('News item');
      const after = await this.get(id);
      if (before.imageUrl !== after.imageUrl) await deps.releaseImage(before.imageUrl);
      return after;
    },

    async delete(id: string): Promise<NewsItem> {
      const item = await this.get(id);
      if (!(await repo.delete(id))) throw new NotFoundError('News item');
      await deps.releaseImage(item.imageUrl);
      return item;
    },
  };
}
export type NewsService = ReturnType<typeof createNewsService>;

/** Content is cleaned again on the way out, so rows written by older code are safe too. */
function toNewsItem(row: NewsItemRow): NewsItem {
  return { ...row, content: sanitizeNewsContent(row.content) };
}
