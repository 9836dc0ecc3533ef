import { describe, expect, it } from 'vitest';
import { testDatabases } from '../setup/databases.ts';
import { useServer } from '../setup/server.ts';
import {
  DESKTOP,
  expectNoAxeViolations,
  keepScreenshot,
  openHydrated,
  openPage,
  PHONE,
  thirdPartyRequests,
  useBrowser,
} from '../setup/browser.ts';
import { adminToken, create, daysFromNow, put, uploadImage } from '../setup/fill-site.ts';

const sqlite = testDatabases[0]!;
const HERO = "Join our community of fathers making a difference in our children's education and development.";

describe('public pages in Chromium', () => {
  const suite = useServer(sqlite, { SITE_TIMEZONE: 'Europe/London' });
  const chrome = useBrowser();
  const ids: Record<string, string> = {};

  it('shows every empty state and fallback text on an empty site', async () => {
    const { page, close } = await openPage(chrome.browser);
    await page.goto(`${suite.url}/`);
    await expect(page.locator('h1').textContent()).resolves.toBe("Welcome to Fathers' Club");
    await expect(page.getByText(HERO).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'View Events' }).getAttribute('href')).resolves.toBe('/events');
    await expect(page.getByRole('link', { name: 'Learn More' }).getAttribute('href')).resolves.toBe('/who-we-are');
    await expect(page.getByRole('heading', { name: 'Next Event' }).count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { name: 'Latest News' }).count()).resolves.toBe(0);
    // No footer invitations until the settings hold them.
    await expect(page.getByRole('link', { name: 'Email us' }).count()).resolves.toBe(0);

    await page.goto(`${suite.url}/gallery`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Image Gallery');
    await expect(page.getByText('No images in the gallery yet.').count()).resolves.toBe(1);

    await page.goto(`${suite.url}/who-we-are`);
    await expect(page.getByText('Information not available').count()).resolves.toBe(2);
    await expect(page.getByText('Email not available').count()).resolves.toBe(1);
    for (const heading of ['About Us', 'Who Are We?', 'Contact Us']) {
      await expect(page.getByRole('heading', { name: heading, exact: true }).count()).resolves.toBe(1);
    }

    await page.goto(`${suite.url}/what-we-do`);
    await expect(page.getByText('Information not available').count()).resolves.toBe(3);
    for (const heading of ['Our Mission', 'Activities', 'Our Impact']) {
      await expect(page.getByRole('heading', { name: heading, exact: true }).count()).resolves.toBe(1);
    }
    await close();
  });

  it('shows one item of each kind, then many, with past events dimmed and the settings in header and footer', async () => {
    const token = await adminToken(suite.url);
    const image = await uploadImage(suite.url, token);
    await put(suite.url, token, '/api/admin/settings', {
      clubName: 'Oakfield Dads',
      messagingGroupUrl: 'https://chat.example/group',
      socialGroupUrl: 'https://social.example/group',
      contactEmail: 'dads@oakfield.example',
    });
    const first = await create(suite.url, token, '/api/admin/news', {
      title: 'Reading shed opens',
      content: '<p>First paragraph.</p><p>Second <strong>bold</strong>.</p>',
      publishedAt: '2026-03-05T12:00:00.000Z',
      imageUrl: image,
    });
    ids.news = first.id;
    const soonDate = daysFromNow(5, 17);
    const soon = await create(suite.url, token, '/api/admin/events', {
      name: 'Den building',
      date: soonDate,
      comment: 'Bring wellies.',
      bookingUrl: 'https://booking.test/book',
      location: 'Oak Wood',
      organiser: 'Daniel',
      imageUrl: image,
    });
    ids.soon = soon.id;
    const past = await create(suite.url, token, '/api/admin/events', {
      name: 'Bike morning',
      date: daysFromNow(-5),
      comment: 'Bikes fixed.',
      bookingUrl: 'https://booking.test/bikes',
    });
    ids.past = past.id;
    await create(suite.url, token, '/api/admin/events', {
      name: 'Science Saturday',
      date: daysFromNow(40),
      comment: 'Rockets.',
      bookingUrl: 'https://booking.test/science',
    });
    for (let i = 0; i < 13; i++) {
      await create(suite.url, token, '/api/admin/news', {
        title: `Older news ${i + 1}`,
        content: `<p>Story ${i + 1}</p>`,
        publishedAt: `2025-01-${String(i + 1).padStart(2, '0')}`,
      });
    }
    await put(suite.url, token, '/api/admin/who-we-are', {
      aboutUs: 'We are dads.\n\nWe meet monthly.',
      whoAreWe: 'Tom and Raj.',
      contactEmail: 'hello@oakfield.example',
    });

    const { page, close } = await openPage(chrome.browser);
    await page.goto(`${suite.url}/`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Welcome to Oakfield Dads');
    await expect(page.locator('header').getByText('Oakfield Dads').count()).resolves.toBe(1);
    const next = page.locator('section', { has: page.getByRole('heading', { name: 'Next Event' }) });
    await expect(next.getByRole('heading', { name: 'Den building' }).count()).resolves.toBe(1);
    await expect(next.getByText('Organised by Daniel').count()).resolves.toBe(1);
    await expect(next.getByRole('button', { name: /Book Now/ }).count()).resolves.toBe(1);
    const latest = page.locator('section', { has: page.getByRole('heading', { name: 'Latest News' }) });
    await expect(latest.getByText('Reading shed opens').count()).resolves.toBe(1);
    await expect(latest.getByText('March 5, 2026').count()).resolves.toBe(1);
    await expect(latest.locator('.line-clamp-6').count()).resolves.toBe(1);
    await expect(latest.getByRole('link', { name: 'Read More' }).getAttribute('href')).resolves.toBe('/news');
    await expect(page.getByRole('link', { name: 'Email us' }).getAttribute('href')).resolves.toBe('mailto:dads@oakfield.example');
    await expect(page.getByRole('link', { name: 'Join our messaging group' }).getAttribute('href')).resolves.toBe(
      'https://chat.example/group',
    );
    await expect(page.getByRole('link', { name: 'Join our social group' }).getAttribute('href')).resolves.toBe(
      'https://social.example/group',
    );

    await page.goto(`${suite.url}/news`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Latest News');
    await expect(page.locator(`#news-${ids.news}`).getByText('March 5, 2026').count()).resolves.toBe(1);
    await expect(page.locator(`#news-${ids.news} strong`).textContent()).resolves.toBe('bold');
    await expect(page.locator(`#news-${ids.news} picture source[type="image/avif"]`).count()).resolves.toBe(1);
    await expect(page.locator('article').count()).resolves.toBe(12);
    await expect(page.locator('a[rel="next"]').getAttribute('href')).resolves.toBe('/news?page=2');
    await expect(page.locator('link[rel="next"]').getAttribute('href')).resolves.toMatch(/^http:\/\/[^/]+\/news\?page=2$/);
    await expect(page.locator('nav[aria-label="Main"] a[aria-current="page"]').first().textContent()).resolves.toBe('News');
    await page.goto(`${suite.url}/news?page=2`);
    await expect(page.locator('article').count()).resolves.toBe(2);
    await expect(page.locator('a[rel="prev"]').getAttribute('href')).resolves.toBe('/news');
    const beyond = await page.goto(`${suite.url}/news?page=9`);
    expect(beyond?.status()).toBe(404);

    await page.goto(`${suite.url}/events`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Events');
    // Every event in a parent's own calendar: the feed to subscribe to, above the cards.
    for (const name of ['Subscribe (iPhone, Mac, Outlook)', 'Subscribe in Google Calendar']) {
      await expect(page.getByRole('link', { name }).isVisible(), name).resolves.toBe(true);
    }
    await expect(page.getByRole('link', { name: 'Subscribe (iPhone, Mac, Outlook)' }).getAttribute('href')).resolves.toMatch(
      /^webcal:\/\/[^/]+\/events\.ics$/,
    );
    const pastCard = page.locator(`#event-${ids.past}`);
    await expect(pastCard.getByText('Past Event').count()).resolves.toBe(1);
    await expect(pastCard.getAttribute('class')).resolves.toMatch(/grayscale/);
    await expect(pastCard.getByRole('button', { name: 'Event Completed' }).isDisabled()).resolves.toBe(true);
    await expect(pastCard.getByRole('button', { name: /^Share/ }).count()).resolves.toBe(0);
    await expect(pastCard.getByRole('link', { name: /calendar/i }).count()).resolves.toBe(0);
    const soonCard = page.locator(`#event-${ids.soon}`);
    await expect(soonCard.getByText('Past Event').count()).resolves.toBe(0);
    await expect(soonCard.getByText('Location: Oak Wood').count()).resolves.toBe(1);
    await expect(soonCard.getByText('Organised by Daniel').count()).resolves.toBe(1);
    await expect(soonCard.getByRole('button', { name: 'Share Den building' }).count()).resolves.toBe(1);
    await expect(soonCard.getByRole('link', { name: 'Add to calendar (.ics)' }).getAttribute('href')).resolves.toBe(
      `/events/${ids.soon}.ics`,
    );
    await expect(soonCard.getByRole('link', { name: 'Google Calendar' }).getAttribute('href')).resolves.toMatch(
      /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/,
    );
    // Upcoming soonest first, then past.
    const order = await page.locator('article h2').allTextContents();
    expect(order).toEqual(['Den building', 'Science Saturday', 'Bike morning']);
    // A row of cards with and without a photo at 1280 px: no card keeps a large empty block above its buttons.
    await page.setViewportSize({ width: 1280, height: 900 });
    const gaps = await page.locator('main article').evaluateAll((cards) =>
      cards.map((card) => {
        const buttons = card.querySelector('.mt-auto')!;
        const above = buttons.previousElementSibling!;
        return Math.round(buttons.getBoundingClientRect().top - above.getBoundingClientRect().bottom);
      }),
    );
    expect(Math.max(...gaps), `gaps above the buttons: ${gaps.join(', ')} px`).toBeLessThan(120); // a missing photo left about 280 px
    await expect(
      page
        .locator(`#event-${ids.past}`)
        .getByText(/^[A-Z][a-z]{2}$/)
        .count(),
    ).resolves.toBe(1);

    await page.goto(`${suite.url}/news/${ids.news}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Reading shed opens');
    await page.goto(`${suite.url}/events/${ids.soon}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Den building');
    // When it starts, in the club's time zone, beside the spec's date: on the page, in link previews, on the list and home.
    const startsAt = new Date(soonDate);
    const when = `${new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/London', month: 'long', day: 'numeric', year: 'numeric' }).format(startsAt)} at ${new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/London', hour: 'numeric', minute: '2-digit' }).format(startsAt)}`;
    expect(when).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/);
    await expect(page.locator('main time').first().textContent()).resolves.toBe(when);
    await expect(page.locator('meta[property="og:description"]').getAttribute('content')).resolves.toMatch(
      new RegExp(`^${when}, Oak Wood\\. `),
    );
    await page.goto(`${suite.url}/events`);
    await expect(page.locator(`#event-${ids.soon} time`).textContent()).resolves.toBe(when);
    await page.goto(`${suite.url}/`);
    await expect(page.locator('#next-event').locator('..').getByText(when).count()).resolves.toBe(1);

    await page.goto(`${suite.url}/who-we-are`);
    await expect(
      page
        .locator('section', { has: page.getByRole('heading', { name: 'About Us' }) })
        .locator('p')
        .allTextContents(),
    ).resolves.toEqual(['We are dads.', 'We meet monthly.']);
    await expect(page.getByRole('link', { name: 'hello@oakfield.example' }).getAttribute('href')).resolves.toBe(
      'mailto:hello@oakfield.example',
    );
    await close();
  });

  it("gives Chromium a web app manifest it reads without a fault, with the club's name and icons it can use", async () => {
    const { page, errors, close } = await openPage(chrome.browser, { viewport: PHONE });
    await page.goto(`${suite.url}/events`);
    const devtools = await page.context().newCDPSession(page);
    const read = await devtools.send('Page.getAppManifest');
    expect(read.url).toBe(`${suite.url}/manifest.webmanifest`);
    expect(read.errors).toEqual([]);
    expect(read.manifest).toMatchObject({ name: 'Oakfield Dads', startUrl: `${suite.url}/`, display: 'kBrowser' });
    // What keeps it from being installed as an app is only what was chosen (a page in the browser,
    // docs/decisions/100) and the test's private window: its icons download and fit.
    const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map(({ errorId }) => errorId).sort()).toEqual(['in-incognito', 'manifest-display-not-supported']);
    expect(errors).toEqual([]);
    await close();
  });

  it('answers unknown paths and unknown items with the 404 page, which says when an item is not on the site', async () => {
    const { page, close } = await openPage(chrome.browser, { viewport: PHONE });
    // A shared link to an event taken down since: its page was read (and cached) before.
    const token = await adminToken(suite.url);
    const gone = await create(suite.url, token, '/api/admin/events', {
      name: 'Quiz night',
      date: daysFromNow(9),
      comment: 'Teams of four.',
      bookingUrl: 'https://booking.test/quiz',
    });
    expect((await page.goto(`${suite.url}/events/${gone.id}`))?.status()).toBe(200);
    expect(
      (await fetch(`${suite.url}/api/admin/events/${gone.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    // Written for later (103): shared early, its page reads as any missing item's.
    const later = await create(suite.url, token, '/api/admin/news', {
      title: 'Spring camp places',
      content: '<p>Soon</p>',
      publishedAt: daysFromNow(5).slice(0, 10),
    });
    const cases = [
      { path: '/no-such-page', text: 'Did you forget to add the page to the router? Nothing is served at this address.', list: null },
      {
        path: '/news/doesnotexist',
        text: 'This news item is not on the site: it may not be published yet, it may have been taken down, or the link may have been cut short.',
        list: ['See all news', '/news'],
      },
      {
        path: `/news/${later.id}`,
        text: 'This news item is not on the site: it may not be published yet, it may have been taken down, or the link may have been cut short.',
        list: ['See all news', '/news'],
      },
      {
        path: '/events/doesnotexist',
        text: 'This event is not on the site: it may have been taken down, or the link may have been cut short.',
        list: ['See all events', '/events'],
      },
      {
        path: `/events/${gone.id}`,
        text: 'This event is not on the site: it may have been taken down, or the link may have been cut short.',
        list: ['See all events', '/events'],
      },
      // Still the page for unknown addresses after the item pages' answers.
      {
        path: '/another-unknown-page',
        text: 'Did you forget to add the page to the router? Nothing is served at this address.',
        list: null,
      },
    ];
    for (const { path, text, list } of cases) {
      const response = await page.goto(`${suite.url}${path}`);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('404 Page Not Found');
      await expect(page.locator('main p').first().textContent(), path).resolves.toBe(text);
      const links = await page.locator('main a').evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute('href')]));
      expect(links, path).toEqual([...(list ? [list] : []), ['Go to the home page', '/']]);
      if (path === `/events/${gone.id}`) await keepScreenshot(page, 'event-taken-down-390');
    }
    await expectNoAxeViolations(page);
    await close();
  });

  it('passes axe on every public page, at phone and desktop widths, with no third-party request and no cookie', async () => {
    const paths = ['/', '/news', '/events', '/gallery', '/who-we-are', '/what-we-do', `/news/${ids.news}`, `/events/${ids.soon}`, '/nope'];
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context, requests, errors, close } = await openPage(chrome.browser, { viewport });
      for (const path of paths) {
        await openHydrated(page, `${suite.url}${path}`);
        await expectNoAxeViolations(page);
        await expect(page.locator('h1').count(), `one h1 on ${path}`).resolves.toBe(1);
        await expect(page.locator('img:not([alt])').count(), `alt text on ${path}`).resolves.toBe(0);
      }
      expect(thirdPartyRequests(requests, suite.url)).toEqual([]);
      expect(await context.cookies()).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    }
    // Eighteen pages, each waited on until its islands have hydrated, then axe.
  }, 60_000);

  it('has its content in the HTML with JavaScript disabled', async () => {
    const { page, close } = await openPage(chrome.browser, { javaScriptEnabled: false });
    await page.goto(`${suite.url}/news`);
    await expect(page.getByText('Reading shed opens').first().isVisible()).resolves.toBe(true);
    await page.goto(`${suite.url}/events`);
    await expect(page.getByText('Bring wellies.').isVisible()).resolves.toBe(true);
    // Before any script runs, 'Book Now' is a link to the booking page itself.
    await expect(page.locator(`#event-${ids.soon} a`, { hasText: 'Book Now' }).getAttribute('href')).resolves.toBe(
      'https://booking.test/book',
    );
    await close();
  });
});
