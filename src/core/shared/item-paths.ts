// Where a news item or an event is on the public site: the one home of the address scheme, for
// the pages, the feeds, the sitemap and the admin's 'View on site'; and the address of the web app
// manifest, which the pages name and the page cache keeps. Pure: no Node, no database.

export const newsItemPath = (id: string): string => `/news/${id}`;

const PREVIEW_BEFORE = '/admin/news/';
const PREVIEW_AFTER = '/preview';
/** An administrator's look at a news item's page before its day (docs/decisions/106). */
export const newsPreviewPath = (id: string): string => `${PREVIEW_BEFORE}${id}${PREVIEW_AFTER}`;

/** Whether `path` is some news item's preview (an id is one segment). */
export function isNewsPreviewPath(path: string): boolean {
  if (!path.startsWith(PREVIEW_BEFORE) || !path.endsWith(PREVIEW_AFTER)) return false;
  const id = path.slice(PREVIEW_BEFORE.length, -PREVIEW_AFTER.length);
  return id.length > 0 && !id.includes('/');
}

export const eventPath = (id: string): string => `/events/${id}`;

/** The web app manifest (docs/decisions/100). */
export const WEB_MANIFEST_PATH = '/manifest.webmanifest';
