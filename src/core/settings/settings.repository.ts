import type { Db } from '../db/connect.ts';
import type { SiteSettingsRow } from '../db/database.ts';
import { namingImage } from '../images/image-reference.ts';
import { storedImageId } from '../images/image-urls.ts';
import { lockSingleRow, SINGLE_ROW_ID } from '../db/lock-row.ts';
import { DEFAULT_SETTINGS } from './settings.schema.ts';

/** What the application reads of the settings row (the logo's image reference stays here). */
const COLUMNS = [
  'id',
  'clubName',
  'tagline',
  'messagingGroupUrl',
  'socialGroupUrl',
  'contactEmail',
  'logoUrl',
  'heroImageUrl',
  'accentColor',
  'updatedAt',
] as const;

export function createSettingsRepository(db: Db) {
  return {
    find: () => db.selectFrom('siteSettings').select(COLUMNS).where('id', '=', SINGLE_ROW_ID).executeTakeFirst(),

    /** Holds the row (made with the defaults if the settings were never saved) for the rest of the transaction (see lockRow). */
    lock: () => lockSingleRow(db, 'siteSettings', DEFAULT_SETTINGS),

    /** Writes the one row, keeping the logo's and the banner photo's image references in step with their URLs. */
    async save(settings: Omit<SiteSettingsRow, 'id'>): Promise<void> {
      const row = { ...settings, logoImageId: storedImageId(settings.logoUrl), heroImageId: storedImageId(settings.heroImageUrl) };
      await namingImage(
        db
          .insertInto('siteSettings')
          .values({ id: SINGLE_ROW_ID, ...row })
          .onConflict((oc) => oc.column('id').doUpdateSet(row))
          .execute(),
      );
    },
  };
}
