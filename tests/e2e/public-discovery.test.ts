import http from 'node:http';
import ICAL from 'ical.js';
import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../setup/databases.ts';
import { useServer } from '../setup/server.ts';
import { adminToken, create, daysFromNow, put, uploadImage } from '../setup/fill-site.ts';

const sqlite = testDatabases[0]!;
const PUBLIC_URL = 'https://dads.example.org';

function meta(html: string, key: string): string | undefined {
  const pattern = new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, '\\:')}" content="([^"]*)"`);
  return pattern.exec(html)?.[1]?.replace(/&amp;/g, '&').replace(/&#39;/g, "'");
}

function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      })
      .on('error', reject);
  });
}

describe('link previews, feeds and caching', () => {
  const suite = useServer(sqlite, { PUBLIC_URL, SITE_TIMEZONE: 'Europe/London' });
  const ids: Record<string, string> = {};

  it('fills the site through the API', async () => {
    const token = await adminToken(suite.url);
    const image = await uploadImage(suite.url, token);
    await put(suite.url, token, '/api/admin/settings', { clubName: 'Oakfield Dads', tagline: 'Dads of Oakfield Primary' });
    ids.news = (
      await create(suite.url, token, '/api/admin/news', {
        title: 'Shed & garden open',
        content: '<p>Come and see the <a href="/gallery">photos</a>.</p>',
        publishedAt: '2026-06-01T09:00:00Z',
        imageUrl: image,
      })
    ).id;
    ids.plain = (
      await create(suite.url, token, '/api/admin/news', {
        title: 'No picture',
        content: '<p>Text only</p>',
        publishedAt: '2026-05-01T09:00:00Z',
      })
    ).id;
    ids.event = (
      await create(suite.url, token, '/api/admin/events', {
        name: 'Summer picnic',
        date: daysFromNow(20, 12),
        comment: 'Bring food, blankets; and games.',
        bookingUrl: 'https://tickets.example/picnic',
        location: 'School field',
        organiser: 'Tom',
        imageUrl: image,
      })
    ).id;
    ids.allDay = (
      await create(suite.url, token, '/api/admin/events', {
        name: 'Sports day',
        date: '2027-07-01',
        comment: 'All day.',
        bookingUrl: 'https://tickets.example/sports',
      })
    ).id;
  });

  it('gives item pages Open Graph, Twitter and JSON-LD tags with absolute URLs', async () => {
    const html = await (await fetch(`${suite.url}/news/${ids.news}`)).text();
    expect(html).toContain('<title>Shed &amp; garden open | Oakfield Dads</title>');
    expect(meta(html, 'og:title')).toBe('Shed & garden open');
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/news/${ids.news}`);
    // A JPEG: WhatsApp shows no WebP in its previews (docs/decisions/087).
    expect(meta(html, 'og:image')).toMatch(new RegExp(`^${PUBLIC_URL}/images/[a-z0-9]+/share\\.jpg$`));
    expect(meta(html, 'og:image:type')).toBe('image/jpeg');
    expect(meta(html, 'og:image:width')).toMatch(/^\d+$/);
    expect(meta(html, 'description')).toBe('Come and see the photos.');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/news/${ids.news}">`);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!);
    expect(ld).toMatchObject({ '@type': 'NewsArticle', headline: 'Shed & garden open', datePublished: '2026-06-01T09:00:00.000Z' });

    const plain = await (await fetch(`${suite.url}/news/${ids.plain}`)).text();
    expect(meta(plain, 'og:image')).toBe(`${PUBLIC_URL}/og-image.png`);
    expect(meta(plain, 'twitter:card')).toBe('summary');

    const event = await (await fetch(`${suite.url}/events/${ids.event}`)).text();
    const eventLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(event)![1]!);
    expect(eventLd).toMatchObject({ '@type': 'Event', name: 'Summer picnic', location: { name: 'School field' } });
    // The start as the club's wall-clock time with London's offset that day (not UTC), the same instant.
    expect(new Date(eventLd.startDate as string).toISOString()).toBe(daysFromNow(20, 12));
    const londonTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' });
    expect(eventLd.startDate).toMatch(new RegExp(`T${londonTime.format(new Date(daysFromNow(20, 12)))}:00(Z|[+-]\\d\\d:\\d\\d)$`));
    expect(meta(event, 'og:title')).toBe('Summer picnic');

    for (const path of ['/', '/news', '/events', '/gallery', '/who-we-are', '/what-we-do']) {
      const page = await (await fetch(`${suite.url}${path}`)).text();
      expect(page, path).toMatch(/<title>[^<]+<\/title>/);
      expect(meta(page, 'description'), path).toBeTruthy();
      expect(page, path).toContain(`<link rel="canonical" href="${PUBLIC_URL}${path}">`);
      expect(page, path).toContain('<link rel="alternate" type="application/rss+xml"');
      expect(page, path).toContain('<link rel="alternate" type="text/calendar"');
    }
  });

  it('serves the news as RSS 2.0 that an RSS parser reads back', async () => {
    const response = await fetch(`${suite.url}/rss.xml`);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const feed = await new Parser().parseString(await response.text());
    expect(feed.title).toBe('Oakfield Dads news');
    expect(feed.items.map((item) => item.title)).toEqual(['Shed & garden open', 'No picture']);
    expect(feed.items[0]!.link).toBe(`${PUBLIC_URL}/news/${ids.news}`);
    expect(feed.items[0]!.guid).toBe(`${PUBLIC_URL}/news/${ids.news}`);
    expect(new Date(feed.items[0]!.pubDate!).toISOString()).toBe('2026-06-01T09:00:00.000Z');
    expect(feed.items[0]!['content:encoded']).toContain(`href="${PUBLIC_URL}/gallery"`);
  });

  it('serves the events as iCalendar that ical.js reads back, with a file per event', async () => {
    const response = await fetch(`${suite.url}/events.ics`);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await response.text();
    expect(text).toMatch(/\r\n$/);
    const calendar = new ICAL.Component(ICAL.parse(text));
    ICAL.TimezoneService.register(calendar.getFirstSubcomponent('vtimezone')!);
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.summary)).toEqual(['Summer picnic', 'Sports day']);
    expect(events[0]!.uid).toBe(`event-${ids.event}@dads.example.org`);
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe(daysFromNow(20, 12));
    expect(events[0]!.description).toContain('Bring food, blankets; and games.');
    expect(events[0]!.component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(events[1]!.startDate.isDate).toBe(true);

    // Subscribed to, it says how often to ask again and where (RFC 7986, and Outlook's name).
    expect(calendar.getFirstProperty('refresh-interval')?.getFirstValue()?.toString()).toBe('PT6H');
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT6H');
    expect(calendar.getFirstPropertyValue('source')).toBe(`${PUBLIC_URL}/events.ics`);

    const single = await fetch(`${suite.url}/events/${ids.event}.ics`);
    expect(single.headers.get('content-disposition')).toBe(`attachment; filename="event-${ids.event}.ics"`);
    const one = new ICAL.Component(ICAL.parse(await single.text()));
    expect(one.getAllSubcomponents('vevent')).toHaveLength(1);
    // A file to open once, not a subscription.
    expect(['refresh-interval', 'x-published-ttl', 'source'].map((name) => one.getFirstProperty(name))).toEqual([null, null, null]);
    expect((await fetch(`${suite.url}/events/unknown000.ics`)).status).toBe(404);
  });

  it("offers the events feed to subscribe to from the events page, by the site's public address", async () => {
    const page = await (await fetch(`${suite.url}/events`)).text();
    const href = (name: string) => new RegExp(`<a [^>]*href="([^"]+)"[^>]*>${name}</a>`).exec(page)?.[1]?.replaceAll('&amp;', '&');
    expect(href('Subscribe \\(iPhone, Mac, Outlook\\)')).toBe('webcal://dads.example.org/events.ics');
    const google = new URL(href('Subscribe in Google Calendar')!);
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(google.searchParams.get('cid')).toBe('webcal://dads.example.org/events.ics');
  });

  it('lists the pages in sitemap.xml and keeps /admin out in robots.txt', async () => {
    const sitemap = await (await fetch(`${suite.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/news/${ids.news}</loc>`);
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/events/${ids.event}</loc>`);
    const robots = await (await fetch(`${suite.url}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('lets proxies cache pages and feeds for a minute, answers 304 to a matching ETag, compresses, and sets no cookie', async () => {
    for (const path of ['/', '/news', `/news/${ids.news}`, '/rss.xml', '/events.ics']) {
      const first = await fetch(`${suite.url}${path}`);
      expect(first.headers.get('cache-control'), path).toBe('public, max-age=0, s-maxage=60, must-revalidate');
      expect(first.headers.get('set-cookie'), path).toBeNull();
      const etag = first.headers.get('etag');
      expect(etag, path).toMatch(/^W\/".+"$/);
      // A second apart, so that nothing in the body may depend on the clock.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const again = await fetch(`${suite.url}${path}`, { headers: { 'if-none-match': etag! } });
      expect(again.status, path).toBe(304);
    }
    // The browser itself refuses anything from another site, except the booking pages of the
    // events on the page, and runs only the page's own inline scripts, by hash.
    const policy = (await fetch(`${suite.url}/`)).headers.get('content-security-policy') ?? '';
    expect(policy).toContain("img-src 'self' data:;");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]{44}')+;/);
    expect(policy).toContain('frame-src https://tickets.example');
    expect((await fetch(`${suite.url}/events/${ids.event}`)).headers.get('content-security-policy')).toMatch(
      /frame-src https:\/\/tickets\.example$/,
    );
    expect((await fetch(`${suite.url}/gallery`)).headers.get('content-security-policy')).toMatch(/frame-src 'none'$/);
    const brotli = await rawGet(`${suite.url}/news`, { 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    const gzip = await rawGet(`${suite.url}/events`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    // A change is visible at once to a browser that revalidates.
    const before = (await fetch(`${suite.url}/news`)).headers.get('etag');
    const token = await adminToken(suite.url);
    await create(suite.url, token, '/api/admin/news', { title: 'Fresh', content: '<p>New</p>', publishedAt: '2026-07-01' });
    const after = await fetch(`${suite.url}/news`, { headers: { 'if-none-match': before! } });
    expect(after.status).toBe(200);
  });
});
