// The shapes the admin screens read, from the same zod schemas as the API.
export type { NewsItem } from '../core/news/news.schema.ts';
export type { ClubEvent } from '../core/events/events.schema.ts';
export type { GalleryImage } from '../core/gallery/gallery.schema.ts';
export type { WhoWeAre, WhatWeDo } from '../core/pages/pages.schema.ts';
export type { SiteSettings } from '../core/settings/settings.schema.ts';
export type { Admin } from '../core/admins/admins.schema.ts';

export interface Me {
  id: string;
  username: string;
}
