import type { APIRoute } from 'astro';
import { getContext } from '../../core/context.ts';
import { unlessNotFound } from '../../server/views/unless-not-found.ts';
import { icsCalendar } from '../../server/feeds/calendar.ts';
import { textResponse } from '../../server/views/feed-response.ts';

/** One event as a file to open in a calendar app. */
export const GET: APIRoute = async ({ params, rewrite }) => {
  const app = await getContext();
  const event = await unlessNotFound(app.events.get(params.id ?? ''));
  if (!event) return rewrite('/404');
  const settings = await app.settings.get();
  const body = icsCalendar([event], { name: settings.clubName, timeZone: app.config.timeZone, baseUrl: app.config.publicUrl });
  return textResponse(body, 'text/calendar; charset=utf-8', { 'Content-Disposition': `attachment; filename="event-${event.id}.ics"` });
};
