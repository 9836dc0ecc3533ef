// Where a news item or an event is on the public site: the one home of the address scheme, for
// the pages, the feeds, the sitemap and the admin's 'View on site'; and the address of the web app
// manifest, which the pages name and the page cache keeps. Pure: no Node, no database.

export const newsItemPath = (id: string): string => `/news/${id}`;

/** An administrator's look at a news item's page before its day (docs/decisions/106). */
export const newsPreviewPath = (id: string): string => `/admin/news/${id}/preview`;

export const eventPath = (id: string): string => `/events/${id}`;

/** The web app manifest (docs/decisions/100). */
export const WEB_MANIFEST_PATH = '/manifest.webmanifest';
