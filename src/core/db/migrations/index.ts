import type { Migration } from 'kysely/migration';
import * as createContent from './2026_11_22_0001_create_content.ts';
import * as createImages from './2026_11_22_0002_create_images.ts';
import * as newsCleanedContent from './2026_11_23_0003_news_cleaned_content.ts';
import * as imageReferences from './2026_11_23_0004_image_references.ts';
import * as recentlyDeleted from './2026_11_24_0005_recently_deleted.ts';
import * as idempotencyKeys from './2026_11_24_0006_idempotency_keys.ts';
import * as imageDescriptions from './2026_11_24_0007_image_descriptions.ts';
import * as siteLook from './2026_11_25_0008_site_look.ts';
import * as liveRowIndexes from './2026_11_25_0009_live_row_indexes.ts';
import * as twoStepSignIn from './2026_11_25_0010_two_step_sign_in.ts';
import * as wrongTwoStepCodes from './2026_11_26_0011_wrong_two_step_codes.ts';
import * as activity from './2026_11_26_0012_activity.ts';
import * as releasedImages from './2026_11_26_0013_released_images.ts';
import * as pageVersions from './2026_11_26_0014_page_versions.ts';
import * as versionsByAdministrator from './2026_11_26_0015_versions_by_administrator.ts';
import * as writeBudgets from './2026_11_26_0016_write_budgets.ts';
import * as versionPictures from './2026_11_27_0017_version_pictures.ts';
import * as givenPasswords from './2026_11_28_0018_given_passwords.ts';
import * as bookingPages from './2026_11_28_0019_booking_pages.ts';
import * as removedAdmins from './2026_11_30_0020_removed_admins.ts';
import * as siteKeys from './2026_11_30_0021_site_keys.ts';

/** Listed explicitly (not read from disk) so that the bundled server carries them. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_create_content': createContent,
  '2026_11_22_0002_create_images': createImages,
  '2026_11_23_0003_news_cleaned_content': newsCleanedContent,
  '2026_11_23_0004_image_references': imageReferences,
  '2026_11_24_0005_recently_deleted': recentlyDeleted,
  '2026_11_24_0006_idempotency_keys': idempotencyKeys,
  '2026_11_24_0007_image_descriptions': imageDescriptions,
  '2026_11_25_0008_site_look': siteLook,
  '2026_11_25_0009_live_row_indexes': liveRowIndexes,
  '2026_11_25_0010_two_step_sign_in': twoStepSignIn,
  '2026_11_26_0011_wrong_two_step_codes': wrongTwoStepCodes,
  '2026_11_26_0012_activity': activity,
  '2026_11_26_0013_released_images': releasedImages,
  '2026_11_26_0014_page_versions': pageVersions,
  '2026_11_26_0015_versions_by_administrator': versionsByAdministrator,
  '2026_11_26_0016_write_budgets': writeBudgets,
  '2026_11_27_0017_version_pictures': versionPictures,
  '2026_11_28_0018_given_passwords': givenPasswords,
  '2026_11_28_0019_booking_pages': bookingPages,
  '2026_11_30_0020_removed_admins': removedAdmins,
  '2026_11_30_0021_site_keys': siteKeys,
};
