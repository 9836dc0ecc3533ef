import type { Db } from '../db/connect.ts';
import { NEVER_SAVED } from '../shared/edit-version.ts';
import { newId } from '../shared/ids.ts';
import { sql } from 'kysely';
import { storedImageId, storedImageUrl } from '../images/image-urls.ts';
import { DAY_MS } from '../shared/time.ts';
import {
  itemRecord,
  PICTURE_FIELDS,
  PICTURES_KEPT_DAYS,
  versionsKeptOf,
  type PageVersion,
  type VersionedItemKind,
  type VersionedRecord,
} from './versions.schema.ts';

type Content = Record<string, string | null>;

/** Who saved, for the earlier version the save replaced; none for the server's command line. */
interface SavedBy {
  id: string;
  username: string;
}

/** A save of a versioned record, inside its transaction: what it held and holds now. */
interface Save {
  record: VersionedRecord;
  /** What it held, pictures included (PICTURE_FIELDS). */
  before: Content;
  /** The version `before` had (NEVER_SAVED: nothing anyone wrote, nothing to keep). */
  beforeVersion: string;
  after: Content;
  afterVersion: string;
  by: SavedBy | undefined;
}

/** The stored images a version's content names (external addresses are not the site's to keep). */
const storedPicturesOf = (content: Content): string[] => [
  ...new Set(PICTURE_FIELDS.flatMap((field) => storedImageId(content[field.url]) ?? [])),
];

/**
 * Keeps what the record held before this save, in the save's transaction (`trx`), when the save
 * changed it, with the stored pictures it showed held (version_pictures: their foreign key keeps
 * them stored, docs/decisions/061); forgets all but the newest of that record
 * (`versionsKeptOf`), the last text of each administrator's before another's run of saves
 * (`versionsToKeep`), and what it said a day, a week and a month ago (`versionsLiveBefore`).
 */
export async function keepEarlierVersion(trx: Db, save: Save): Promise<void> {
  if (save.beforeVersion === NEVER_SAVED || JSON.stringify(save.before) === JSON.stringify(save.after)) return;
  const id = newId();
  await trx
    .insertInto('pageVersions')
    .values({
      id,
      page: save.record,
      content: JSON.stringify(save.before),
      savedAt: save.beforeVersion,
      replacedAt: save.afterVersion,
      replacedById: save.by?.id ?? null,
      replacedByName: save.by?.username ?? null,
    })
    .execute();
  const pictures = storedPicturesOf(save.before);
  if (pictures.length > 0) {
    // Those still stored (a row from before image references were checked may name one that is not).
    await trx
      .insertInto('versionPictures')
      .columns(['versionId', 'imageId'])
      .expression((eb) =>
        eb
          .selectFrom('images')
          .select([eb.val(id).as('versionId'), 'id as imageId'])
          .where('id', 'in', pictures),
      )
      .execute();
  }
  const rows = await trx
    .selectFrom('pageVersions')
    .select(['id', 'replacedById', 'savedAt', 'replacedAt'])
    .where('page', '=', save.record)
    .orderBy('replacedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const keep = [
    ...new Set([...versionsToKeep(rows, versionsKeptOf(save.record)), ...versionsLiveBefore(rows, Date.parse(save.afterVersion))]),
  ];
  if (keep.length < rows.length) await trx.deleteFrom('pageVersions').where('page', '=', save.record).where('id', 'not in', keep).execute();
}

/**
 * Of a record's versions (newest first), the ids to keep: the newest `kept`, and among the older
 * ones, up to `kept` more whose text was written by someone else than whoever replaced it (the
 * version older than it was replaced by another administrator, or there is none). So a stranger
 * who saves a page sixty times in a row, to push the club's text out of its history, pushes out
 * only their own texts: the last text before their run stays.
 */
export function versionsToKeep(rows: { id: string; replacedById: string | null }[], kept: number): string[] {
  const keep = rows.slice(0, kept).map((row) => row.id);
  let others = 0;
  for (let at = kept; at < rows.length && others < kept; at++) {
    const older = rows[at + 1];
    if (older && older.replacedById === rows[at]!.replacedById) continue;
    keep.push(rows[at]!.id);
    others++;
  }
  return keep;
}

/** How far back the text a record had is always kept: a day, a week and a month before each save. */
const LOOK_BACK_MS = [DAY_MS, 7 * DAY_MS, 30 * DAY_MS];

/**
 * Of a record's versions, the ids of those that were its text a day, a week and a month before
 * `now`. Two accounts taking turns (or one stranger who knows the rule above) can push any number
 * of versions out of the history in an hour; not what the page said yesterday, last week and
 * last month.
 */
export function versionsLiveBefore(rows: { id: string; savedAt: string; replacedAt: string }[], now: number): string[] {
  return LOOK_BACK_MS.flatMap((back) => {
    const at = new Date(now - back).toISOString();
    const live = rows.find((row) => row.savedAt <= at && at < row.replacedAt);
    return live ? [live.id] : [];
  });
}

/**
 * A version's content as it can be put back: a stored picture it no longer holds (replaced more
 * than PICTURES_KEPT_DAYS ago, or a backup restored since) is left out with its description, so
 * that putting it back keeps the picture the record has (an update keeps fields left out, 005).
 */
function withHeldPictures(content: Content, held: Set<string>): Content {
  const kept = { ...content };
  for (const field of PICTURE_FIELDS) {
    const id = storedImageId(kept[field.url]);
    if (id === null || held.has(id)) continue;
    delete kept[field.url];
    if ('alt' in field) delete kept[field.alt];
  }
  return kept;
}

/** The stored pictures each of these versions holds. */
async function heldPictures(db: Db, versionIds: string[]): Promise<Map<string, Set<string>>> {
  const held = new Map<string, Set<string>>();
  if (versionIds.length === 0) return held;
  const rows = await db.selectFrom('versionPictures').select(['versionId', 'imageId']).where('versionId', 'in', versionIds).execute();
  for (const row of rows) held.set(row.versionId, (held.get(row.versionId) ?? new Set()).add(row.imageId));
  return held;
}

/** A record's earlier versions, newest first. */
export async function earlierVersions(db: Db, record: VersionedRecord): Promise<PageVersion[]> {
  const rows = await db
    .selectFrom('pageVersions')
    .selectAll()
    .where('page', '=', record)
    .orderBy('replacedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const held = await heldPictures(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    content: withHeldPictures(JSON.parse(row.content) as Content, held.get(row.id) ?? new Set()),
    savedAt: row.savedAt,
    replacedAt: row.replacedAt,
    replacedBy: row.replacedByName,
  }));
}

/** One earlier version's content as it can be put back (withHeldPictures); undefined when it is gone. */
export async function earlierVersion(db: Db, versionId: string): Promise<Content | undefined> {
  const row = await db.selectFrom('pageVersions').select('content').where('id', '=', versionId).executeTakeFirst();
  if (!row) return undefined;
  return withHeldPictures(JSON.parse(row.content) as Content, (await heldPictures(db, [versionId])).get(versionId) ?? new Set());
}

/**
 * Forgets a record's earlier versions (an item deleted for ever takes its words and pictures
 * with it); returns the addresses of the stored pictures they held, for the caller to delete.
 */
export async function forgetVersions(db: Db, record: VersionedRecord): Promise<string[]> {
  const pictures = await db
    .selectFrom('versionPictures')
    .innerJoin('pageVersions', 'pageVersions.id', 'versionPictures.versionId')
    .select('versionPictures.imageId')
    .distinct()
    .where('pageVersions.page', '=', record)
    .execute();
  await db.deleteFrom('pageVersions').where('page', '=', record).execute();
  return pictures.map((row) => storedImageUrl(row.imageId));
}

/**
 * Lets go of the pictures of versions replaced more than PICTURES_KEPT_DAYS before `now`: the
 * versions keep their words. Each picture was marked released when the site stopped showing it
 * (050), so the images' sweep deletes it once nothing else holds it. Returns how many were let go.
 */
export async function letGoOfOldPictures(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - PICTURES_KEPT_DAYS * DAY_MS).toISOString();
  const result = await db
    .deleteFrom('versionPictures')
    // From the few pictures to their versions by primary key: not a walk through every version's text.
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('pageVersions')
          .select('pageVersions.id')
          .whereRef('pageVersions.id', '=', 'versionPictures.versionId')
          .where('pageVersions.replacedAt', '<', before),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const ITEM_TABLES = { news: 'news_items', events: 'events', gallery: 'gallery_images' } as const satisfies Record<
  VersionedItemKind,
  string
>;

/**
 * Forgets the versions of items that are not on the site nor among the recently deleted any
 * more (a backup restored over them, a row removed by hand); returns how many.
 */
export async function forgetVersionsOfGoneItems(db: Db): Promise<number> {
  let count = 0;
  for (const [kind, table] of Object.entries(ITEM_TABLES)) {
    const prefix = itemRecord(kind as VersionedItemKind, '');
    const result = await db
      .deleteFrom('pageVersions')
      .where('page', 'like', `${prefix}%`)
      .where((eb) =>
        // The item's id taken out of `page`, not `page` built from each id: the lookup walks the
        // items' primary key instead of the whole table for each version.
        eb.not(
          eb.exists(
            sql`(select 1 from ${sql.table(table)} where ${sql.table(table)}.id = substr(page_versions.page, ${sql.lit(prefix.length + 1)}))`,
          ),
        ),
      )
      .executeTakeFirst();
    count += Number(result.numDeletedRows);
  }
  return count;
}
