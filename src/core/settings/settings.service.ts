import type { Db } from '../db/connect.ts';
import type { ReleaseImage } from '../shared/release-image.ts';
import { nowIso } from '../shared/time.ts';
import { DEFAULT_SETTINGS, type SettingsInput, type SiteSettings } from './settings.schema.ts';
import { createSettingsRepository } from './settings.repository.ts';

export function createSettingsService(deps: { db: Db; releaseImage: ReleaseImage }) {
  const repo = createSettingsRepository(deps.db);
  return {
    async get(): Promise<SiteSettings> {
      const row = await repo.find();
      if (!row) return DEFAULT_SETTINGS;
      const { id: _id, updatedAt: _updatedAt, ...settings } = row;
      return settings;
    },

    async update(input: SettingsInput): Promise<SiteSettings> {
      const current = await this.get();
      const next: SiteSettings = {
        clubName: input.clubName ?? current.clubName,
        tagline: input.tagline ?? current.tagline,
        messagingGroupUrl: input.messagingGroupUrl === undefined ? current.messagingGroupUrl : input.messagingGroupUrl,
        socialGroupUrl: input.socialGroupUrl === undefined ? current.socialGroupUrl : input.socialGroupUrl,
        contactEmail: input.contactEmail === undefined ? current.contactEmail : input.contactEmail,
        logoUrl: input.logoUrl === undefined ? current.logoUrl : input.logoUrl,
      };
      await repo.save({ ...next, updatedAt: nowIso() });
      if (current.logoUrl !== next.logoUrl) await deps.releaseImage(current.logoUrl);
      return next;
    },
  };
}
