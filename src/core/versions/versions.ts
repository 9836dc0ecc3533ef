import type { Db } from '../db/connect.ts';
import { NEVER_SAVED } from '../shared/edit-version.ts';
import { newId } from '../shared/ids.ts';
import { sql } from 'kysely';
import { itemRecord, versionsKeptOf, type PageVersion, type VersionedItemKind, type VersionedRecord } from './versions.schema.ts';

/** Who saved, for the earlier version the save replaced; none for the server's command line. */
interface SavedBy {
  id: string;
  username: string;
}

/** A save of a versioned record, inside its transaction: what it held and holds now. */
interface Save {
  record: VersionedRecord;
  before: Record<string, string | null>;
  /** The version `before` had (NEVER_SAVED: nothing anyone wrote, nothing to keep). */
  beforeVersion: string;
  after: Record<string, string | null>;
  afterVersion: string;
  by: SavedBy | undefined;
}

/**
 * Keeps what the record held before this save, in the save's transaction (`trx`), when the save
 * changed it; forgets all but the newest of that record (`versionsKeptOf`), the last text of
 * each administrator's before another's run of saves (`versionsToKeep`), and what it said a day,
 * a week and a month ago (`versionsLiveBefore`).
 */
export async function keepEarlierVersion(trx: Db, save: Save): Promise<void> {
  if (save.beforeVersion === NEVER_SAVED || JSON.stringify(save.before) === JSON.stringify(save.after)) return;
  await trx
    .insertInto('pageVersions')
    .values({
      id: newId(),
      page: save.record,
      content: JSON.stringify(save.before),
      savedAt: save.beforeVersion,
      replacedAt: save.afterVersion,
      replacedById: save.by?.id ?? null,
      replacedByName: save.by?.username ?? null,
    })
    .execute();
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

const DAY_MS = 86_400_000;
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

/** A record's earlier versions, newest first. */
export async function earlierVersions(db: Db, record: VersionedRecord): Promise<PageVersion[]> {
  const rows = await db
    .selectFrom('pageVersions')
    .selectAll()
    .where('page', '=', record)
    .orderBy('replacedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    content: JSON.parse(row.content) as Record<string, string | null>,
    savedAt: row.savedAt,
    replacedAt: row.replacedAt,
    replacedBy: row.replacedByName,
  }));
}

/** Forgets a record's earlier versions (an item deleted for ever takes its words with it). */
export async function forgetVersions(db: Db, record: VersionedRecord): Promise<void> {
  await db.deleteFrom('pageVersions').where('page', '=', record).execute();
}

const ITEM_TABLES = { news: 'news_items', events: 'events' } as const satisfies Record<VersionedItemKind, string>;

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
