import type { APIRoute } from 'astro';
import { getContext } from '../core/context.ts';
import { icsCalendar } from '../server/feeds/calendar.ts';
import { textResponse } from '../server/views/feed-response.ts';

const FEED_SIZE = 500;

export const GET: APIRoute = async () => {
  const app = await getContext();
  const settings = await app.settings.get();
  const events = await app.events.listUpcomingFirst({ limit: FEED_SIZE, offset: 0 });
  const body = icsCalendar(events, {
    name: `${settings.clubName} events`,
    timeZone: app.config.timeZone,
    baseUrl: app.config.publicUrl,
    subscribed: true,
  });
  return textResponse(body, 'text/calendar; charset=utf-8', { 'Content-Disposition': 'inline; filename="events.ics"' });
};
