import type { Db } from '../db/connect.ts';
import { checkVersion, NEVER_SAVED, nextVersion, type Versioned } from '../shared/edit-version.ts';
import { nowIso } from '../shared/time.ts';
import { newId } from '../shared/ids.ts';
import {
  PAGE_VERSIONS_KEPT,
  type InfoPage,
  type PageVersion,
  type WhatWeDo,
  type WhatWeDoInput,
  type WhoWeAre,
  type WhoWeAreInput,
} from './info-pages.schema.ts';
import { createInfoPagesRepository } from './info-pages.repository.ts';

type Repository = ReturnType<typeof createInfoPagesRepository>;

/** Who saved, for the earlier version the save replaced; none for the server's command line. */
interface SavedBy {
  id: string;
  username: string;
}

/** How one single-record page is read, locked, merged and saved. */
interface PageSpec<Page, Input> {
  what: string;
  page: InfoPage;
  empty: Page;
  find: (rows: Repository) => Promise<(Page & { updatedAt: string }) | undefined>;
  lock: (rows: Repository) => Promise<void>;
  save: (rows: Repository, row: Page & { updatedAt: string }) => Promise<void>;
  pick: (row: Page) => Page;
  /** Fields the payload leaves out keep their stored values. */
  merge: (input: Input, current: Page) => Page;
}

function singlePage<Page, Input>(db: Db, spec: PageSpec<Page, Input>) {
  const read = async (rows: Repository): Promise<Versioned<Page>> => {
    const row = await spec.find(rows);
    return row ? { value: spec.pick(row), version: row.updatedAt } : { value: spec.empty, version: NEVER_SAVED };
  };
  return {
    read: () => read(createInfoPagesRepository(db)),
    /**
     * Read and written under the row's lock, in one transaction: saves of different fields sent
     * at once each keep theirs, and one made from an older version is refused (`expected`).
     */
    update: (input: Input, expected?: string, by?: SavedBy): Promise<Versioned<Page>> =>
      db.transaction().execute(async (trx) => {
        const rows = createInfoPagesRepository(trx);
        await spec.lock(rows);
        const current = await read(rows);
        checkVersion(spec.what, current.version, expected);
        const value = spec.merge(input, current.value);
        const version = nextVersion(nowIso(), current.version);
        await spec.save(rows, { ...value, updatedAt: version });
        // What it said is kept in the same transaction: a save that stands always has it.
        if (current.version !== NEVER_SAVED && JSON.stringify(value) !== JSON.stringify(current.value)) {
          await rows.insertVersion(
            {
              id: newId(),
              page: spec.page,
              content: JSON.stringify(current.value),
              savedAt: current.version,
              replacedAt: version,
              replacedById: by?.id ?? null,
              replacedByName: by?.username ?? null,
            },
            PAGE_VERSIONS_KEPT,
          );
        }
        return { value, version };
      }),
    /** What the page said before each of its last saves, newest first. */
    versions: async (): Promise<PageVersion[]> =>
      (await createInfoPagesRepository(db).listVersions(spec.page)).map((row) => ({
        id: row.id,
        content: spec.pick(JSON.parse(row.content) as Page) as Record<string, string>,
        savedAt: row.savedAt,
        replacedAt: row.replacedAt,
        replacedBy: row.replacedByName,
      })),
  };
}

/** The two single-record information pages; before the first save they read as empty text. */
export function createInfoPagesService(deps: { db: Db }) {
  const whoWeAre = singlePage<WhoWeAre, WhoWeAreInput>(deps.db, {
    what: 'page',
    page: 'who-we-are',
    empty: { aboutUs: '', whoAreWe: '', contactEmail: '' },
    find: (rows) => rows.findWhoWeAre(),
    lock: (rows) => rows.lockWhoWeAre(),
    save: (rows, row) => rows.saveWhoWeAre(row),
    pick: ({ aboutUs, whoAreWe, contactEmail }) => ({ aboutUs, whoAreWe, contactEmail }),
    merge: (input, current) => ({
      aboutUs: input.aboutUs ?? current.aboutUs,
      whoAreWe: input.whoAreWe ?? current.whoAreWe,
      contactEmail: input.contactEmail ?? current.contactEmail,
    }),
  });
  const whatWeDo = singlePage<WhatWeDo, WhatWeDoInput>(deps.db, {
    what: 'page',
    page: 'what-we-do',
    empty: { mission: '', activities: '', impact: '' },
    find: (rows) => rows.findWhatWeDo(),
    lock: (rows) => rows.lockWhatWeDo(),
    save: (rows, row) => rows.saveWhatWeDo(row),
    pick: ({ mission, activities, impact }) => ({ mission, activities, impact }),
    merge: (input, current) => ({
      mission: input.mission ?? current.mission,
      activities: input.activities ?? current.activities,
      impact: input.impact ?? current.impact,
    }),
  });
  return {
    getWhoWeAre: async (): Promise<WhoWeAre> => (await whoWeAre.read()).value,
    readWhoWeAre: whoWeAre.read,
    updateWhoWeAre: whoWeAre.update,
    whoWeAreVersions: whoWeAre.versions,
    getWhatWeDo: async (): Promise<WhatWeDo> => (await whatWeDo.read()).value,
    readWhatWeDo: whatWeDo.read,
    updateWhatWeDo: whatWeDo.update,
    whatWeDoVersions: whatWeDo.versions,
  };
}
