import type { Db } from '../db/connect.ts';
import type { CheckImageUrl } from '../images/image-url-check.ts';
import type { WithImageRelease } from '../shared/image-release.ts';
import { nowIso } from '../shared/time.ts';
import { DEFAULT_SETTINGS, type SettingsInput, type SiteSettings } from './settings.schema.ts';
import { createSettingsRepository } from './settings.repository.ts';

export function createSettingsService(deps: { db: Db; withImageRelease: WithImageRelease; checkImageUrl: CheckImageUrl }) {
  const read = async (db: Db): Promise<SiteSettings> => {
    const row = await createSettingsRepository(db).find();
    if (!row) return DEFAULT_SETTINGS;
    const { id: _id, updatedAt: _updatedAt, ...settings } = row;
    return settings;
  };
  return {
    get: () => read(deps.db),

    async update(input: SettingsInput): Promise<SiteSettings> {
      // Pasted addresses are fetched before the write, outside its transaction.
      const stored = await read(deps.db);
      await deps.checkImageUrl(input.logoUrl, stored.logoUrl, 'logoUrl');
      await deps.checkImageUrl(input.heroImageUrl, stored.heroImageUrl, 'heroImageUrl');
      return deps.withImageRelease(async (trx, release) => {
        await createSettingsRepository(trx).lock();
        const current = await read(trx);
        const next: SiteSettings = {
          clubName: input.clubName ?? current.clubName,
          tagline: input.tagline ?? current.tagline,
          messagingGroupUrl: input.messagingGroupUrl === undefined ? current.messagingGroupUrl : input.messagingGroupUrl,
          socialGroupUrl: input.socialGroupUrl === undefined ? current.socialGroupUrl : input.socialGroupUrl,
          contactEmail: input.contactEmail === undefined ? current.contactEmail : input.contactEmail,
          logoUrl: input.logoUrl === undefined ? current.logoUrl : input.logoUrl,
          heroImageUrl: input.heroImageUrl === undefined ? current.heroImageUrl : input.heroImageUrl,
          accentColor: input.accentColor === undefined ? current.accentColor : input.accentColor,
        };
        await createSettingsRepository(trx).save({ ...next, updatedAt: nowIso() });
        if (current.logoUrl !== next.logoUrl) await release(current.logoUrl);
        if (current.heroImageUrl !== next.heroImageUrl) await release(current.heroImageUrl);
        return next;
      });
    },
  };
}
