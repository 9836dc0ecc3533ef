import type { TrashKind } from '../core/trash/trash.schema.ts';

/**
 * Where each admin list reads its items, and so the query key to refresh after a change. News
 * reads the admin's own list, which holds the items written for later that the public one leaves
 * out until their day (docs/decisions/103); events and photos are the public lists.
 */
export const LIST_URLS: Record<TrashKind, string> = { news: '/api/admin/news', events: '/api/events', gallery: '/api/gallery' };

/** The administrators, and those removed in the last 30 days (docs/decisions/125). */
export const ADMINISTRATORS_URL = '/api/admin/administrators';
export const REMOVED_ADMINISTRATORS_URL = `${ADMINISTRATORS_URL}/removed`;

/** The activity log's address, and the start of every query key that holds some of it. */
export const ACTIVITY_URL = '/api/admin/activity';
