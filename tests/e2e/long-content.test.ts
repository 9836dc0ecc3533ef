import { describe, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { signInWithCookie } from '../setup/admin-browser.ts';
import { openPage, useBrowser } from '../setup/browser.ts';
import { testDatabases } from '../setup/databases.ts';
import { create, daysFromNow, put, uploadImage } from '../setup/fill-site.ts';
import { ADMIN, useServer } from '../setup/server.ts';
import { ADMIN_SCREENS } from '../../src/core/shared/admin-screens.ts';

// Real content on real phones: long words, long URLs, long names, emoji and right-to-left text
// in every field, and no page, public or admin, may scroll sideways at 320, 390 or 1280 px.

const sqlite = testDatabases[0]!;
const LONG_URL = 'https://forms.oakfield-primary.example.org/parents/clubs/dads/2026/christmas-fair-volunteer-signup';
const LONG_WORD = 'Supercalifragilisticexpialidocious'.repeat(2) + 'Fair'; // 72 characters
const EMOJI = '🎄🎅🏽👨‍👩‍👧‍👦'.repeat(12);
const RTL = 'مرحبا بالآباء في النادي والمدرسة الابتدائية';
const WIDTHS = [320, 390, 1280];

describe('long content in Chromium', () => {
  const suite = useServer(sqlite, { SITE_TIMEZONE: 'Europe/London' });
  const chrome = useBrowser();
  const ids: Record<string, string> = {};

  it('fills every field with long content', async () => {
    expect(LONG_WORD).toHaveLength(72);
    const token = await login(suite);
    const image = await uploadImage(suite.url, token, 2);
    ids.news = (
      await create(suite.url, token, '/api/admin/news', {
        title: `${LONG_WORD} ${EMOJI}`,
        content: `<p>${LONG_URL} ${LONG_WORD} ${RTL}</p>`,
        publishedAt: '2026-11-01',
        imageUrl: image,
      })
    ).id;
    ids.event = (
      await create(suite.url, token, '/api/admin/events', {
        name: `${LONG_WORD} ${EMOJI}`,
        date: daysFromNow(6, 18),
        location: `${LONG_WORD} Hall, ${LONG_URL}`,
        comment: `Volunteers, sign up here: ${LONG_URL}\n${RTL}\n${EMOJI}\nQuestions: ${'a'.repeat(40)}@oakfield-primary.example.org`,
        organiser: `${LONG_WORD} ${RTL}`,
        bookingUrl: `${LONG_URL}?${'x'.repeat(200)}`,
        imageUrl: image,
      })
    ).id;
    await create(suite.url, token, '/api/admin/events', {
      name: 'No image, short',
      date: daysFromNow(8),
      comment: 'x',
      bookingUrl: 'https://booking.test/b',
    });
    await create(suite.url, token, '/api/admin/gallery', { imageUrl: image, caption: `${LONG_WORD} ${LONG_URL} ${RTL}` });
    await put(suite.url, token, '/api/admin/who-we-are', {
      aboutUs: `${LONG_URL}\n\n${LONG_WORD} ${EMOJI}`,
      whoAreWe: RTL,
      contactEmail: `${'b'.repeat(40)}@oakfield-primary.example.org`,
    });
    await put(suite.url, token, '/api/admin/what-we-do', {
      mission: LONG_WORD,
      activities: `${LONG_URL} javascript:alert(1)`,
      impact: EMOJI,
    });
    await put(suite.url, token, '/api/admin/settings', {
      clubName: `Oakfield ${LONG_WORD}`.slice(0, 100),
      tagline: `${LONG_WORD} ${RTL}`,
      contactEmail: `${'c'.repeat(40)}@oakfield-primary.example.org`,
    });
    expect(
      (
        await call(suite, 'POST', '/api/admin/administrators', {
          token,
          body: { username: `volunteer.${'d'.repeat(50)}`, password: 'a-long-enough-password', currentPassword: ADMIN.password },
        })
      ).status,
    ).toBe(201);
  });

  it('scrolls no page sideways at 320, 390 and 1280 px', async () => {
    const pages = [
      '/',
      '/news',
      `/news/${ids.news}`,
      '/events',
      `/events/${ids.event}`,
      '/gallery',
      '/who-we-are',
      '/what-we-do',
      '/nothing-here',
    ];
    const admin = Object.values(ADMIN_SCREENS).map((screen) => screen.href);
    const overflowing: string[] = [];
    // Each page loaded once and then laid out at each width, as a phone turned or a window
    // resized would (a load per width cost twice as long, for the same layouts).
    const { page, close } = await openPage(chrome.browser, { viewport: { width: WIDTHS[0]!, height: 800 } });
    await signInWithCookie(page, suite.url);
    for (const path of [...pages, ...admin]) {
      await page.goto(`${suite.url}${path}`);
      if (path.startsWith('/admin')) await page.locator('main h1, h1').first().waitFor();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        // Measured once the screen's lists have loaded and two frames have been laid out (waiting
        // for the network to be idle cost half a second a page: a third of the whole file).
        await page.waitForFunction(
          () =>
            ![...document.querySelectorAll('[role="status"]')].some((status) => status.textContent?.startsWith('Loading')) &&
            new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))),
        );
        const { laidOutAt, excess } = await page.evaluate(() => ({
          laidOutAt: window.innerWidth,
          excess: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        }));
        expect(laidOutAt, path).toBe(width);
        if (excess > 0) overflowing.push(`${path} at ${width} px: ${excess} px too wide`);
      }
    }
    await close();
    expect(overflowing).toEqual([]);
  }, 120_000);

  it('turns web and e-mail addresses in plain text into links, and nothing else', async () => {
    const { page, close } = await openPage(chrome.browser, { viewport: { width: 390, height: 800 } });
    await page.goto(`${suite.url}/events/${ids.event}`);
    const signUp = page.locator(`main a[href="${LONG_URL}"]`);
    await expect(signUp.count()).resolves.toBe(2); // in the location and the description
    await expect(signUp.first().getAttribute('rel')).resolves.toBe('noopener noreferrer nofollow');
    await expect(page.locator(`main a[href="mailto:${'a'.repeat(40)}@oakfield-primary.example.org"]`).count()).resolves.toBe(1);
    await page.goto(`${suite.url}/what-we-do`);
    await expect(page.locator(`main a[href="${LONG_URL}"]`).count()).resolves.toBe(1);
    await expect(page.locator('main a[href^="javascript"]').count()).resolves.toBe(0);
    await expect(page.getByText('javascript:alert(1)').count()).resolves.toBe(1);
    await close();
  });
});
