import type { Db } from '../db/connect.ts';
import { nowIso } from '../shared/time.ts';
import type { WhatWeDo, WhatWeDoInput, WhoWeAre, WhoWeAreInput } from './info-pages.schema.ts';
import { createInfoPagesRepository } from './info-pages.repository.ts';

const EMPTY_WHO_WE_ARE: WhoWeAre = { aboutUs: '', whoAreWe: '', contactEmail: '' };
const EMPTY_WHAT_WE_DO: WhatWeDo = { mission: '', activities: '', impact: '' };

const toWhoWeAre = (row: WhoWeAre | undefined): WhoWeAre =>
  row ? { aboutUs: row.aboutUs, whoAreWe: row.whoAreWe, contactEmail: row.contactEmail } : EMPTY_WHO_WE_ARE;
const toWhatWeDo = (row: WhatWeDo | undefined): WhatWeDo =>
  row ? { mission: row.mission, activities: row.activities, impact: row.impact } : EMPTY_WHAT_WE_DO;

/** The two single-record information pages; before the first save they read as empty text. */
export function createInfoPagesService(deps: { db: Db }) {
  const repo = createInfoPagesRepository(deps.db);
  return {
    async getWhoWeAre(): Promise<WhoWeAre> {
      return toWhoWeAre(await repo.findWhoWeAre());
    },

    /** Fields the payload leaves out keep their stored values: read and written under the row's lock, so saves sent at once each keep theirs. */
    updateWhoWeAre: (input: WhoWeAreInput): Promise<WhoWeAre> =>
      deps.db.transaction().execute(async (trx) => {
        const rows = createInfoPagesRepository(trx);
        const now = nowIso();
        await rows.lockWhoWeAre(now);
        const current = toWhoWeAre(await rows.findWhoWeAre());
        const next: WhoWeAre = {
          aboutUs: input.aboutUs ?? current.aboutUs,
          whoAreWe: input.whoAreWe ?? current.whoAreWe,
          contactEmail: input.contactEmail ?? current.contactEmail,
        };
        await rows.saveWhoWeAre({ ...next, updatedAt: now });
        return next;
      }),

    async getWhatWeDo(): Promise<WhatWeDo> {
      return toWhatWeDo(await repo.findWhatWeDo());
    },

    /** As updateWhoWeAre. */
    updateWhatWeDo: (input: WhatWeDoInput): Promise<WhatWeDo> =>
      deps.db.transaction().execute(async (trx) => {
        const rows = createInfoPagesRepository(trx);
        const now = nowIso();
        await rows.lockWhatWeDo(now);
        const current = toWhatWeDo(await rows.findWhatWeDo());
        const next: WhatWeDo = {
          mission: input.mission ?? current.mission,
          activities: input.activities ?? current.activities,
          impact: input.impact ?? current.impact,
        };
        await rows.saveWhatWeDo({ ...next, updatedAt: now });
        return next;
      }),
  };
}
