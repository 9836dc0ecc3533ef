import { sizedImageUrl } from '../core/images/image-urls.ts';
// The shapes the admin screens read, from the same zod schemas as the API.
export type { NewsItem } from '../core/news/news.schema.ts';
export type { ClubEvent } from '../core/events/events.schema.ts';
export type { GalleryImage } from '../core/gallery/gallery.schema.ts';
export type { SiteSettings } from '../core/settings/settings.schema.ts';
export type { Admin } from '../core/admins/admins.schema.ts';
export type { BackupStatus } from '../core/backup/backup-status.schema.ts';

export interface Me {
  id: string;
  username: string;
  /** Signed in with a password someone else set: they choose their own before anything else. */
  passwordGiven: boolean;
}

/** A small file for lists: a stored image answers any width with its nearest variant. */
export function thumbnail(url: string, width: 320 | 640 = 320): string {
  return sizedImageUrl(url, width);
}
