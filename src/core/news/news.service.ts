import type { Db } from '../db/connect.ts';
import { inTransaction } from '../db/in-transaction.ts';
import type { NewsItemRow } from '../db/database.ts';
import { NotFoundError } from '../shared/errors.ts';
import { checkVersion, nextVersion } from '../shared/edit-version.ts';
import { newId } from '../shared/ids.ts';
import type { WithImageRelease } from '../shared/image-release.ts';
import type { CheckImageUrl } from '../images/image-url-check.ts';
import { nowIso, toUtcIso } from '../shared/time.ts';
import { publicNewsItem, type NewsArticle, type NewsInput, type NewsItem } from './news.schema.ts';
import { createNewsRepository, type PublishedBy } from './news.repository.ts';
import { CLEANING_RULES_VERSION } from './cleaning-rules-version.ts';
import { settleTextPictures } from './text-pictures.ts';
import { findTextPicture } from './text-picture-urls.ts';
import { earlierVersions, keepEarlierVersion } from '../versions/versions.ts';
import { recordWithChange, type ActivityActor } from '../activity/activity-recorder.ts';
import { addOnce } from '../shared/add-once.ts';
import { itemRecord, type PageVersion } from '../versions/versions.schema.ts';

/** What an earlier version of an item keeps (docs/decisions/056, 061): its words and its picture. */
const versionOf = (row: NewsItemRow) => ({
  title: row.title,
  publishedAt: row.publishedAt,
  content: row.content,
  imageUrl: row.imageUrl,
  imageAlt: row.imageAlt,
});

const RECLEAN_BATCH = 100;

/** The rows a read shows: published by now as visitors see them; `scheduled`, those written for later too. */
const publishedBy = (scheduled: boolean): PublishedBy => (scheduled ? undefined : nowIso());
const LIST_BATCH = 100;

type Clean = typeof import('./sanitize-content.ts').cleanNewsContent;
let cleaning: Promise<Clean> | undefined;
/**
 * sanitize-html, with postcss and htmlparser2 (about 10 MB resident), loads with the first write
 * or the first row stored under older rules, not with the server: views show stored clean HTML.
 */
const cleaner = (): Promise<Clean> => (cleaning ??= import('./sanitize-content.ts').then((module) => module.cleanNewsContent));

/** Content as a write stores it: cleaned, and its pictures settled (text-pictures.ts). */
async function cleanWithPictures(content: string, unreadable: 'refuse' | 'remove' = 'refuse'): Promise<ReturnType<Clean>> {
  const cleaned = (await cleaner())(content);
  return { ...cleaned, content: await settleTextPictures(cleaned.content, { unreadable }) };
}

export function createNewsService(deps: { db: Db; timeZone: string; withImageRelease: WithImageRelease; checkImageUrl: CheckImageUrl }) {
  const repo = createNewsRepository(deps.db);
  const toInstant = (value: string) => toUtcIso(value, deps.timeZone);

  return {
    /** What visitors see: items published by now, newest first (docs/decisions/103). */
    list: async (page?: { limit: number; offset: number }): Promise<NewsArticle[]> => toArticles(await repo.list(publishedBy(false), page)),

    /**
     * Every item as the API answers it, newest first, a batch at a time: the whole list (years of
     * news, each up to 200,000 characters) is never held at once. The order is fixed when it
     * starts; an item deleted meanwhile is left out.
     */
    async *listInBatches({ scheduled = false, size = LIST_BATCH }: { scheduled?: boolean; size?: number } = {}): AsyncGenerator<
      NewsItem[]
    > {
      const ids = await repo.listIds(publishedBy(scheduled));
      for (let start = 0; start < ids.length; start += size) {
        const batch = ids.slice(start, start + size);
        const rows = new Map((await repo.findManyWithoutText(batch)).map((row) => [row.id, { ...row, contentText: '' }]));
        const articles = await toArticles(batch.flatMap((id) => rows.get(id) ?? []));
        yield articles.map(publicNewsItem);
      }
    },

    /** How many items visitors see now (`scheduled`: and those written for later). */
    count: ({ scheduled = false }: { scheduled?: boolean } = {}) => repo.count(publishedBy(scheduled)),

    /** Ids and last changes of the items visitors see, for the sitemap. */
    links: (limit: number, offset = 0): Promise<{ id: string; updatedAt: string }[]> => repo.listLinks(publishedBy(false), limit, offset),

    /** When the next scheduled item appears on the site (pages that list news change then), or null. */
    async nextPublicationAfter(now: Date): Promise<Date | null> {
      const first = await repo.firstPublishedAfter(now.toISOString());
      return first ? new Date(first) : null;
    },

    /**
     * An item visitors see: one scheduled for later is not found until its day. `scheduled`: one
     * written for later too (an administrator's preview of its page).
     */
    async get(id: string, { scheduled = false }: { scheduled?: boolean } = {}): Promise<NewsArticle> {
      const row = await repo.findById(id, publishedBy(scheduled));
      if (!row) throw new NotFoundError('News item');
      return (await toArticles([row]))[0]!;
    },

    /**
     * Each change writes its line in the activity log by `actor`, in its own transaction
     * (recordWithChange). `id`: the one an Idempotency-Key gives (addOnce).
     */
    async create(input: NewsInput, actor?: ActivityActor, id?: string): Promise<NewsArticle> {
      await deps.checkImageUrl(input.imageUrl);
      const now = nowIso();
      const row: NewsItemRow = {
        id: id ?? newId(),
        title: input.title,
        ...(await cleanWithPictures(input.content ?? '')),
        publishedAt: toInstant(input.publishedAt),
        imageUrl: input.imageUrl ?? null,
        imageAlt: input.imageAlt ?? null,
        createdAt: now,
        updatedAt: now,
      };
      return addOnce(deps.db, actor, id, {
        insert: async (trx) => toArticle(await createNewsRepository(trx).insert(row), null),
        subject: (item) => ({ kind: 'news', id: item.id, label: item.title }),
        made: async (made) => {
          const existing = await repo.findById(made);
          return existing && (await toArticles([existing]))[0];
        },
        noun: 'news item',
      });
    },

    /**
     * Fields the payload leaves out keep their stored values. What it said and showed is kept as
     * an earlier version, in the same transaction, saying who (`actor`) replaced it.
     */
    async update(id: string, input: NewsInput, expectedVersion?: string, actor?: ActivityActor): Promise<NewsArticle> {
      await deps.checkImageUrl(input.imageUrl, (await repo.findById(id))?.imageUrl);
      const changes = {
        title: input.title,
        publishedAt: toInstant(input.publishedAt),
        ...(input.content !== undefined && (await cleanWithPictures(input.content))),
        ...(input.imageUrl !== undefined && { imageUrl: input.imageUrl }),
        ...(input.imageAlt !== undefined && { imageAlt: input.imageAlt }),
        updatedAt: nowIso(),
      };
      return deps.withImageRelease(async (trx, release) => {
        const rows = createNewsRepository(trx);
        await rows.lock(id);
        const before = await rows.findById(id);
        if (!before) throw new NotFoundError('News item');
        checkVersion('news item', before.updatedAt, expectedVersion);
        const after = await rows.update(id, { ...changes, updatedAt: nextVersion(changes.updatedAt, before.updatedAt) });
        if (!after) throw new NotFoundError('News item');
        if (before.imageUrl !== after.imageUrl) await release(before.imageUrl);
        await keepEarlierVersion(trx, {
          record: itemRecord('news', id),
          before: versionOf(before),
          beforeVersion: before.updatedAt,
          after: versionOf(after),
          afterVersion: after.updatedAt,
          by: actor?.admin ?? undefined,
        });
        await recordWithChange(trx, actor, { action: 'edited', subject: { kind: 'news', id, label: after.title } });
        return (await toArticles([after]))[0]!;
      });
    },

    /** A picture kept in the text of an item on the site, by its file name (text-picture-urls.ts); null when there is none such. */
    async textPicture(id: string, name: string): Promise<{ type: string; bytes: Buffer } | null> {
      const row = await repo.findContent(id);
      // A row stored under older rules may hold a picture as it was sent, metadata and all: its
      // pictures are given out once it is cleaned again (at start), never before.
      return row && row.cleanedWith === CLEANING_RULES_VERSION ? findTextPicture(row.content, name) : null;
    },

    /** What an item on the site said before each of its last saves, newest first. */
    async versions(id: string): Promise<PageVersion[]> {
      if (!(await repo.findById(id))) throw new NotFoundError('News item');
      return earlierVersions(deps.db, itemRecord('news', id));
    },

    /** Moves it to the recently deleted for 30 days (src/core/trash): gone from the site, restorable. */
    async delete(id: string, actor?: ActivityActor): Promise<NewsArticle> {
      const deleted = await inTransaction(deps.db, async (trx) => {
        const row = await createNewsRepository(trx).delete(id, nowIso());
        if (row) await recordWithChange(trx, actor, { action: 'deleted', subject: { kind: 'news', id: row.id, label: row.title } });
        return row;
      });
      if (!deleted) throw new NotFoundError('News item');
      return (await toArticles([deleted]))[0]!;
    },

    /**
     * Cleans again what was stored under older cleaning rules (or before they were versioned),
     * a batch at a time so that pages keep being served meanwhile. Each row is stored alone, and
     * only if no save rewrote it meanwhile: stopped at any point (a kill, a restart), the next
     * start goes on. A row that cannot be cleaned now (the encoder busy, the database gone for a
     * moment) does not hold up the rows after it; it is tried again at the next start.
     */
    async recleanStale(): Promise<{ cleaned: number; failed: { id: string; error: unknown }[] }> {
      let cleaned = 0;
      const failed: { id: string; error: unknown }[] = [];
      let after = '';
      for (;;) {
        const rows = await repo.listCleanedBefore(CLEANING_RULES_VERSION, RECLEAN_BATCH, after);
        for (const row of rows) {
          try {
            await repo.storeCleaned(row.id, await cleanWithPictures(row.content, 'remove'));
            cleaned++;
          } catch (error) {
            failed.push({ id: row.id, error });
          }
        }
        if (rows.length < RECLEAN_BATCH) return { cleaned, failed };
        after = rows.at(-1)!.id;
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

/** Content is cleaned when written; a row from before the current rules is cleaned as it is read. */
async function toArticles(rows: NewsItemRow[]): Promise<NewsArticle[]> {
  const clean = rows.some((row) => row.cleanedWith !== CLEANING_RULES_VERSION) ? await cleaner() : null;
  return rows.map((row) => toArticle(row, clean));
}

/** `clean`: the cleaner, needed only for a row stored under older rules (a row just inserted never is). */
function toArticle(row: NewsItemRow, clean: Clean | null): NewsArticle {
  const { content, contentText } = row.cleanedWith === CLEANING_RULES_VERSION || !clean ? row : clean(row.content);
  return {
    id: row.id,
    title: row.title,
    content,
    text: contentText,
    publishedAt: row.publishedAt,
    imageUrl: row.imageUrl,
    imageAlt: row.imageAlt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
