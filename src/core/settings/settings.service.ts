import type { Db } from '../db/connect.ts';
import type { WithImageRelease } from '../shared/image-release.ts';
import { nowIso } from '../shared/time.ts';
import { DEFAULT_SETTINGS, type SettingsInput, type SiteSettings } from './settings.schema.ts';
import { createSettingsRepository } from './settings.repository.ts';

export function createSettingsService(deps: { db: Db; withImageRelease: WithImageRelease }) {
  const read = async (db: Db): Promise<SiteSettings> => {
    const row = await createSettingsRepository(db).find();
    if (!row) return DEFAULT_SETTINGS;
    const { id: _id, updatedAt: _updatedAt, ...settings } = row;
    return settings;
  };
  return {
    get: () => read(deps.db),

    update: (input: SettingsInput): Promise<SiteSettings> =>
      deps.withImageRelease(async (trx, release) => {
        const current = await read(trx);
        const next: SiteSettings = {
          clubName: input.clubName ?? current.clubName,
          tagline: input.tagline ?? current.tagline,
          messagingGroupUrl: input.messagingGroupUrl === undefined ? current.messagingGroupUrl : input.messagingGroupUrl,
          socialGroupUrl: input.socialGroupUrl === undefined ? current.socialGroupUrl : input.socialGroupUrl,
          contactEmail: input.contactEmail === undefined ? current.contactEmail : input.contactEmail,
          logoUrl: input.logoUrl === undefined ? current.logoUrl : input.logoUrl,
        };
        await createSettingsRepository(trx).save({ ...next, updatedAt: nowIso() });
        if (current.logoUrl !== next.logoUrl) await release(current.logoUrl);
        return next;
      }),
  };
}
