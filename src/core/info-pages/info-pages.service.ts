import type { Db } from '../db/connect.ts';
import { nowIso } from '../shared/time.ts';
import type { WhatWeDo, WhatWeDoInput, WhoWeAre, WhoWeAreInput } from './info-pages.schema.ts';
import { createInfoPagesRepository } from './info-pages.repository.ts';

const EMPTY_WHO_WE_ARE: WhoWeAre = { aboutUs: '', whoAreWe: '', contactEmail: '' };
const EMPTY_WHAT_WE_DO: WhatWeDo = { mission: '', activities: '', impact: '' };

/** The two single-record information pages; before the first save they read as empty text. */
export function createInfoPagesService(deps: { db: Db }) {
  const repo = createInfoPagesRepository(deps.db);
  return {
    async getWhoWeAre(): Promise<WhoWeAre> {
      const row = await repo.findWhoWeAre();
      return row ? { aboutUs: row.aboutUs, whoAreWe: row.whoAreWe, contactEmail: row.contactEmail } : EMPTY_WHO_WE_ARE;
    },

    async updateWhoWeAre(input: WhoWeAreInput): Promise<WhoWeAre> {
      const current = await this.getWhoWeAre();
      const next: WhoWeAre = {
        aboutUs: input.aboutUs ?? current.aboutUs,
        whoAreWe: input.whoAreWe ?? current.whoAreWe,
        contactEmail: input.contactEmail ?? current.contactEmail,
      };
      await repo.saveWhoWeAre({ ...next, updatedAt: nowIso() });
      return next;
    },

    async getWhatWeDo(): Promise<WhatWeDo> {
      const row = await repo.findWhatWeDo();
      return row ? { mission: row.mission, activities: row.activities, impact: row.impact } : EMPTY_WHAT_WE_DO;
    },

    async updateWhatWeDo(input: WhatWeDoInput): Promise<WhatWeDo> {
      const current = await this.getWhatWeDo();
      const next: WhatWeDo = {
        mission: input.mission ?? current.mission,
        activities: input.activities ?? current.activities,
        impact: input.impact ?? current.impact,
      };
      await repo.saveWhatWeDo({ ...next, updatedAt: nowIso() });
      return next;
    },
  };
}
