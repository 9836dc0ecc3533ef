import type { Db } from '../db/connect.ts';
import type { CheckImageUrl } from '../images/image-url-check.ts';
import type { WithImageRelease } from '../shared/image-release.ts';
import { checkVersion, NEVER_SAVED, nextVersion, type Versioned } from '../shared/edit-version.ts';
import { nowIso } from '../shared/time.ts';
import { DEFAULT_SETTINGS, type SettingsInput, type SiteSettings } from './settings.schema.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { earlierVersions, keepEarlierVersion } from '../versions/versions.ts';
import { recordWithChange, type ActivityActor } from '../activity/activity-recorder.ts';
import type { PageVersion } from '../versions/versions.schema.ts';

export function createSettingsService(deps: { db: Db; withImageRelease: WithImageRelease; checkImageUrl: CheckImageUrl }) {
  const read = async (db: Db): Promise<Versioned<SiteSettings>> => {
    const row = await createSettingsRepository(db).find();
    if (!row) return { value: DEFAULT_SETTINGS, version: NEVER_SAVED };
    const { id: _id, updatedAt, ...settings } = row;
    return { value: settings, version: updatedAt };
  };
  return {
    get: async (): Promise<SiteSettings> => (await read(deps.db)).value,

    /** What the settings were before each of their last saves, newest first. */
    versions: (): Promise<PageVersion[]> => earlierVersions(deps.db, 'settings'),

    /** The settings with their version, for the admin's form. */
    read: () => read(deps.db),

    /**
     * `expected`: the version the form was opened with; a save from an older one is refused.
     * `actor`: who saves, for the earlier version it keeps (docs/decisions/055) and the activity
     * log's line, written in the same transaction.
     */
    async update(input: SettingsInput, expected?: string, actor?: ActivityActor): Promise<Versioned<SiteSettings>> {
      // Pasted addresses are fetched before the write, outside its transaction.
      const stored = (await read(deps.db)).value;
      await deps.checkImageUrl(input.logoUrl, stored.logoUrl, 'logoUrl');
      await deps.checkImageUrl(input.heroImageUrl, stored.heroImageUrl, 'heroImageUrl');
      return deps.withImageRelease(async (trx, release) => {
        await createSettingsRepository(trx).lock();
        const { value: current, version } = await read(trx);
        checkVersion('settings page', version, expected);
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
        const nextVersionAt = nextVersion(nowIso(), version);
        await createSettingsRepository(trx).save({ ...next, updatedAt: nextVersionAt });
        // Its words, links and pictures as they were (docs/decisions/055, 061).
        await keepEarlierVersion(trx, {
          record: 'settings',
          before: current,
          beforeVersion: version,
          after: next,
          afterVersion: nextVersionAt,
          by: actor?.admin ?? undefined,
        });
        await recordWithChange(trx, actor, { action: 'edited', subject: { kind: 'settings' } });
        if (current.logoUrl !== next.logoUrl) await release(current.logoUrl);
        if (current.heroImageUrl !== next.heroImageUrl) await release(current.heroImageUrl);
        return { value: next, version: nextVersionAt };
      });
    },
  };
}
