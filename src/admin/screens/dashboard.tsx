import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { formatEventWhen } from '../../core/shared/time.ts';
import { useTimeZone } from '../dates.ts';
import { useLogout } from '../use-logout.ts';
import type { ClubEvent, GalleryImage, Me, NewsItem } from '../types.ts';
import { AdminLink } from '../ui/admin-link.tsx';
import { AdminPage, Card } from '../ui/admin-page.tsx';
import { BackupsAlert } from '../ui/backups-alert.tsx';
import { DiskAlert } from '../ui/disk-alert.tsx';
import { BookingPagesAlert } from '../ui/booking-pages-alert.tsx';
import { PausedAlert } from '../ui/paused-alert.tsx';
import { NewAdministratorsAlert } from '../ui/new-administrators-alert.tsx';
import { Button } from '../ui/button.tsx';
import { ADMIN_SCREENS } from '../../core/shared/admin-screens.ts';
import type { ActivityPage } from '../../core/activity/activity.schema.ts';
import { ActivityLine, actionOf } from '../ui/activity-line.tsx';
import { SiteAddressAlert } from '../ui/site-address-alert.tsx';
import { ACTIVITY_URL, LIST_URLS } from '../list-urls.ts';
import { NewsDate } from '../ui/news-date.tsx';

const DASHBOARD_LIST_SIZE = 5;
/** A title and its date: the date under the title on a phone, whatever the title's length; beside it, at the right, from a tablet up. */
const DASHBOARD_ROW = 'flex flex-col gap-1 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4';

/** SPEC §2 Admin dashboard. */
export function DashboardScreen() {
  const timeZone = useTimeZone();
  const news = useQuery<NewsItem[]>({ queryKey: [LIST_URLS.news] });
  const events = useQuery<ClubEvent[]>({ queryKey: [LIST_URLS.events] });
  const gallery = useQuery<GalleryImage[]>({ queryKey: [LIST_URLS.gallery] });
  const me = useQuery<Me>({ queryKey: ['/api/admin/me'] });
  // Who changed what lately (the other volunteers, or a stranger), with Restore on a delete that
  // can still be undone: read anew at each visit.
  const activity = useQuery<ActivityPage>({ queryKey: [ACTIVITY_URL], staleTime: 0 });
  const [now] = useState(() => Date.now());

  const logout = useLogout();

  const stillToCome = (events.data ?? []).filter((event) => new Date(event.date).getTime() >= now);
  const upcoming = stillToCome.slice(0, DASHBOARD_LIST_SIZE);
  // A list that failed to load (the database unreachable or damaged) shows a dash, not a wait for ever.
  const count = (query: UseQueryResult<unknown[]>) => (query.data ? String(query.data.length) : query.isError ? '–' : '…');
  const cards = [
    { title: 'News', count: count(news), href: ADMIN_SCREENS.news.href, text: 'news articles' },
    { title: 'Events', count: count(events), href: ADMIN_SCREENS.events.href, text: 'events' },
    { title: 'What We Do', count: null, href: ADMIN_SCREENS.whatWeDo.href, text: 'Mission, activities and impact' },
    { title: 'Who We Are', count: null, href: ADMIN_SCREENS.whoWeAre.href, text: 'About us, committee and contact' },
    { title: 'Gallery', count: count(gallery), href: ADMIN_SCREENS.gallery.href, text: 'images' },
  ];

  return (
    <AdminPage
      title="Admin Dashboard"
      back={false}
      actions={
        <>
          {me.data && <span className="self-center text-sm text-slate-700">Signed in as {me.data.username}</span>}
          <Button variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
            Logout
          </Button>
        </>
      }
    >
      <SiteAddressAlert />
      <BackupsAlert />
      <DiskAlert />
      <PausedAlert pauses={activity.data?.pauses} timeZone={timeZone} />
      <NewAdministratorsAlert added={activity.data?.newAdministrators} timeZone={timeZone} />
      <BookingPagesAlert upcoming={stillToCome} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((card) => (
          <li key={card.href}>
            <AdminLink
              href={card.href}
              className="block h-full rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-blue-700 hover:shadow"
            >
              <h2 className="text-lg font-bold">{card.title}</h2>
              {card.count !== null ? (
                <p className="mt-1 text-slate-700">
                  <span className="text-3xl font-extrabold text-slate-900">{card.count}</span> {card.text}
                </p>
              ) : (
                <p className="mt-1 text-slate-700">{card.text}</p>
              )}
              <span className="mt-3 inline-block text-sm font-semibold text-blue-800">Manage {card.title}</span>
            </AdminLink>
          </li>
        ))}
      </ul>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="mb-3 text-xl font-bold">Latest News</h2>
          {news.isLoading ? (
            <p role="status">Loading news...</p>
          ) : news.isError ? (
            <p role="alert">{`Failed to load news items: ${news.error.message}`}</p>
          ) : (news.data ?? []).length === 0 ? (
            <p className="text-slate-700">No news articles found.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {news.data!.slice(0, DASHBOARD_LIST_SIZE).map((item) => (
                <li key={item.id} className={DASHBOARD_ROW}>
                  <span className="font-medium">{item.title}</span>
                  <NewsDate item={item} timeZone={timeZone} className="shrink-0" />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card>
          <h2 className="mb-3 text-xl font-bold">Upcoming Events</h2>
          {events.isLoading ? (
            <p role="status">Loading events...</p>
          ) : events.isError ? (
            <p role="alert">{`Failed to load events: ${events.error.message}`}</p>
          ) : upcoming.length === 0 ? (
            <p className="text-slate-700">No events found.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {upcoming.map((event) => (
                <li key={event.id} className={DASHBOARD_ROW}>
                  <span className="font-medium">{event.name}</span>
                  <span className="shrink-0 text-sm text-slate-600">{formatEventWhen(event.date, timeZone)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>

      <Card className="mt-6">
        <h2 className="mb-3 text-xl font-bold">Recent activity</h2>
        {activity.isLoading ? (
          <p role="status">Loading activity...</p>
        ) : activity.isError ? (
          <p role="alert">{`Failed to load the activity: ${activity.error.message}`}</p>
        ) : activity.data!.entries.length === 0 ? (
          <p className="text-slate-700">Nothing has been recorded yet.</p>
        ) : (
          <ol className="divide-y divide-slate-200" data-testid="recent-activity">
            {activity.data!.entries.slice(0, DASHBOARD_LIST_SIZE).map((entry) => (
              <ActivityLine key={entry.id} entry={entry} timeZone={timeZone} action={actionOf(entry)} />
            ))}
          </ol>
        )}
        <p className="mt-3">
          <AdminLink href={ADMIN_SCREENS.activity.href} className="font-semibold text-blue-800 underline">
            All activity
          </AdminLink>
        </p>
      </Card>

      <Card className="mt-6">
        <h2 className="mb-3 text-xl font-bold">Site and administrators</h2>
        <ul className="flex flex-wrap gap-3">
          <li>
            <AdminLink href="/admin/settings" className="font-semibold text-blue-800 underline">
              Site settings
            </AdminLink>
          </li>
          <li>
            <AdminLink href="/admin/administrators" className="font-semibold text-blue-800 underline">
              Administrators
            </AdminLink>
          </li>
          <li>
            <a href="/" className="font-semibold text-blue-800 underline">
              View the website
            </a>
          </li>
        </ul>
      </Card>
    </AdminPage>
  );
}
