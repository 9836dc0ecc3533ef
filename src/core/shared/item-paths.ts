// Where a news item or an event is on the public site: the one home of the address scheme, for
// the pages, the feeds, the sitemap and the admin's 'View on site'. Pure: no Node, no database.

export const newsItemPath = (id: string): string => `/news/${id}`;

export const eventPath = (id: string): string => `/events/${id}`;
