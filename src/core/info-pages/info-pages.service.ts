import type { Db } from '../db/connect.ts';
import { checkVersion, NEVER_SAVED, nextVersion, type Versioned } from '../shared/edit-version.ts';
import { nowIso } from '../shared/time.ts';
import type { WhatWeDo, WhatWeDoInput, WhoWeAre, WhoWeAreInput } from './info-pages.schema.ts';
import { earlierVersions, keepEarlierVersion } from '../versions/versions.ts';
import { recordWithChange, type ActivityActor } from '../activity/activity-recorder.ts';
import { ADMIN_SCREENS } from '../shared/admin-screens.ts';
import type { PageVersion } from '../versions/versions.schema.ts';
import { createInfoPagesRepository } from './info-pages.repository.ts';

type Repository = ReturnType<typeof createInfoPagesRepository>;

/** How one single-record page is read, locked, merged and saved. */
interface PageSpec<Page, Input> {
  what: string;
  page: 'who-we-are' | 'what-we-do';
  /** What the activity log calls it: its screen's name. */
  label: string;
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
    update: (input: Input, expected?: string, actor?: ActivityActor): Promise<Versioned<Page>> =>
      db.transaction().execute(async (trx) => {
        const rows = createInfoPagesRepository(trx);
        await spec.lock(rows);
        const current = await read(rows);
        checkVersion(spec.what, current.version, expected);
        const value = spec.merge(input, current.value);
        const version = nextVersion(nowIso(), current.version);
        await spec.save(rows, { ...value, updatedAt: version });
        // What it said is kept in the same transaction: a save that stands always has it.
        await keepEarlierVersion(trx, {
          record: spec.page,
          before: spec.pick(current.value) as Record<string, string>,
          beforeVersion: current.version,
          after: spec.pick(value) as Record<string, string>,
          afterVersion: version,
          by: actor?.admin ?? undefined,
        });
        await recordWithChange(trx, actor, { action: 'edited', subject: { kind: 'page', label: spec.label } });
        return { value, version };
      }),
    /** What the page said before each of its last saves, newest first. */
    versions: (): Promise<PageVersion[]> => earlierVersions(db, spec.page),
  };
}

/** The two single-record information pages; before the first save they read as empty text. */
export function createInfoPagesService(deps: { db: Db }) {
  const whoWeAre = singlePage<WhoWeAre, WhoWeAreInput>(deps.db, {
    what: 'page',
    page: 'who-we-are',
    label: ADMIN_SCREENS.whoWeAre.label,
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
    label: ADMIN_SCREENS.whatWeDo.label,
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
