import { describe, expect, it } from 'vitest';
import { testDatabases } from '../setup/databases.ts';
import { useServer } from '../setup/server.ts';
import type { Page } from 'playwright-core';
import {
  expectFocused,
  expectNoAxeViolations,
  FOCUS_SETTLES,
  islandHydrated,
  keepScreenshot,
  openHydrated,
  openPage,
  PHONE,
  useBrowser,
} from '../setup/browser.ts';
import { adminToken, create, daysFromNow, uploadImage } from '../setup/fill-site.ts';

const sqlite = testDatabases[0]!;

/** The header's menu button as a screen reader gets it from Chromium: its name and whether it is expanded. */
async function menuButton(page: Page): Promise<{ name: string; expanded: boolean }> {
  const session = await page.context().newCDPSession(page);
  try {
    const { nodes } = await session.send('Accessibility.getFullAXTree');
    const buttons = nodes.filter((node) => !node.ignored && node.role?.value === 'DisclosureTriangle');
    expect(buttons).toHaveLength(1);
    const expanded = buttons[0]!.properties?.find((property) => property.name === 'expanded')?.value.value;
    return { name: String(buttons[0]!.name?.value), expanded: expanded === true };
  } finally {
    await session.detach();
  }
}

describe('public islands in Chromium', () => {
  const suite = useServer(sqlite);
  const chrome = useBrowser();
  let eventId = '';
  let newsId = '';

  it('fills the site through the API', async () => {
    const token = await adminToken(suite.url);
    const event = await create(suite.url, token, '/api/admin/events', {
      name: 'Den building',
      date: daysFromNow(3),
      comment: `Bring wellies. ${'A very long description. '.repeat(10)}`,
      bookingUrl: 'https://booking.test/book',
    });
    eventId = event.id;
    newsId = (
      await create(suite.url, token, '/api/admin/news', { title: 'Shed opens', content: '<p>Hello</p>', publishedAt: '2026-01-02' })
    ).id;
    for (const caption of ['First photo', 'Second photo', 'Third photo']) {
      await create(suite.url, token, '/api/admin/gallery', { imageUrl: await uploadImage(suite.url, token), caption });
    }
  });

  it('opens and closes the mobile menu at 390 px with the button, Escape, a tap outside and the focus moving on', async () => {
    const { page, close } = await openPage(chrome.browser, { viewport: PHONE });
    await openHydrated(page, `${suite.url}/events`);
    const toggle = page.locator('header summary');
    await expect(menuButton(page)).resolves.toEqual({ name: 'Open menu', expanded: false });
    await expect(page.locator('header nav[aria-label="Main"]:visible').count()).resolves.toBe(0);
    await toggle.click();
    await expect(menuButton(page)).resolves.toEqual({ name: 'Close menu', expanded: true });
    // The touch that opened it woke its script (client:ondemand); hydrating leaves it open.
    await islandHydrated(page, 'MobileMenu');
    await expect(menuButton(page)).resolves.toEqual({ name: 'Close menu', expanded: true });
    const menu = page.locator('header nav[aria-label="Main"]:visible');
    await expect(menu.getByRole('link').allTextContents()).resolves.toEqual(['News', 'Events', 'Gallery', 'Who We Are', 'What We Do']);
    await expect(menu.getByRole('link', { name: 'Events' }).getAttribute('aria-current')).resolves.toBe('page');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(menuButton(page)).resolves.toEqual({ name: 'Open menu', expanded: false });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName), FOCUS_SETTLES).toBe('SUMMARY');
    await toggle.click();
    // Below the open panel, on the page.
    await page.mouse.click(200, 760);
    await expect(menuButton(page)).resolves.toEqual({ name: 'Open menu', expanded: false });
    // The keyboard: through the five links and on, out of the menu, which closes behind it.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menuButton(page)).resolves.toEqual({ name: 'Close menu', expanded: true });
    for (let link = 0; link < 5; link++) await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('What We Do');
    await expect(menuButton(page)).resolves.toEqual({ name: 'Close menu', expanded: true });
    await page.keyboard.press('Tab');
    await expect(menuButton(page)).resolves.toEqual({ name: 'Open menu', expanded: false });
    await toggle.click();
    await menu.getByRole('link', { name: 'Gallery' }).click();
    await page.waitForURL(`${suite.url}/gallery`);
    await close();
  });

  it('opens the mobile menu from the page alone, before its script has come or without one, and offers no share button that cannot work', async () => {
    const { page, close } = await openPage(chrome.browser, { viewport: PHONE, javaScriptEnabled: false });
    await page.goto(`${suite.url}/news`);
    // Sharing needs the script: its button keeps its place but is neither shown nor offered.
    await expect(page.locator('button[aria-label="Share Shed opens"]').count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Share Shed opens' }).count()).resolves.toBe(0);
    await page.locator('header summary').click();
    await expect(menuButton(page)).resolves.toEqual({ name: 'Close menu', expanded: true });
    const menu = page.locator('header nav[aria-label="Main"]:visible');
    await expect(menu.getByRole('link', { name: 'News' }).getAttribute('aria-current')).resolves.toBe('page');
    await keepScreenshot(page, 'menu-without-javascript-390');
    await menu.getByRole('link', { name: 'Who We Are' }).click();
    await page.waitForURL(`${suite.url}/who-we-are`);
    await expect(menuButton(page)).resolves.toEqual({ name: 'Open menu', expanded: false });
    await close();
  });

  it('loads no script on a page with nothing to share or book until its menu is touched, and the notices only with a notice', async () => {
    const { page, requests, close } = await openPage(chrome.browser, { viewport: PHONE });
    const scripts = () => requests.filter((url) => new URL(url).pathname.startsWith('/_astro/'));
    await page.goto(`${suite.url}/who-we-are`);
    // As long as client:afterload waits (load, two frames, the browser idle), and a little more:
    // an island hydrating after the load would have asked for its code by now.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const idle = () => requestIdleCallback(() => setTimeout(resolve, 500), { timeout: 2000 });
          const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(idle));
          if (document.readyState === 'complete') afterPaint();
          else addEventListener('load', afterPaint, { once: true });
        }),
    );
    expect(scripts()).toEqual([]);
    await page.locator('header summary').click();
    await islandHydrated(page, 'MobileMenu');
    expect(scripts().some((url) => url.includes('/_astro/mobile-menu.'))).toBe(true);
    // Hydrated by that touch: Escape closes it and gives the focus back to the button.
    await expect(menuButton(page)).resolves.toEqual({ name: 'Close menu', expanded: true });
    await page.keyboard.press('Escape');
    await expect(menuButton(page)).resolves.toEqual({ name: 'Open menu', expanded: false });
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName), FOCUS_SETTLES).toBe('SUMMARY');
    // Nothing has been told, so the notices' island is still the server's empty HTML.
    await expect(page.locator('astro-island[component-export="Toaster"][ssr]').count()).resolves.toBe(1);
    expect(scripts().some((url) => url.includes('/_astro/toaster.'))).toBe(false);
    await close();
  });

  it('copies the absolute link when the share sheet is missing, shows the notice, and resets the flag after 2 s', async () => {
    const { page, context, close } = await openPage(chrome.browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.url });
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    });
    await openHydrated(page, `${suite.url}/events`);
    const share = page.getByRole('button', { name: 'Share Den building' });
    // The notices' island hydrates with the first notice (client:ondemand="club:notice").
    await expect(page.locator('astro-island[component-export="Toaster"][ssr]').count()).resolves.toBe(1);
    await share.click();
    const notice = page.locator('li.notice');
    await notice.getByText('Link copied').waitFor();
    await expect(notice.getByText('The link has been copied to your clipboard').count()).resolves.toBe(1);
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
      `http://localhost:${suite.server.port}/events/${eventId}`,
    );
    await expect(share.getAttribute('data-copied')).resolves.toBe('true');
    // F8 moves focus to the notice region.
    await page.keyboard.press('F8');
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[role="region"]'))), FOCUS_SETTLES).toBe(true);
    await page.waitForTimeout(2300);
    await expect(share.getAttribute('data-copied')).resolves.toBeNull();
    // One notice at a time: a second copy replaces the first.
    await share.click();
    await page.waitForTimeout(200);
    await expect(page.locator('li.notice[data-state="open"]').count()).resolves.toBe(1);
    await close();
  });

  it("uses the browser's share sheet with the club's name and a 150-character description", async () => {
    const { page, close } = await openPage(chrome.browser);
    await page.addInitScript(() => {
      (window as unknown as { shared: unknown[] }).shared = [];
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: unknown) => {
          (window as unknown as { shared: unknown[] }).shared.push(data);
        },
      });
    });
    await openHydrated(page, `${suite.url}/events`);
    await page.getByRole('button', { name: 'Share Den building' }).click();
    const shared = (await page.evaluate(
      () => (window as unknown as { shared: { title: string; text: string; url: string }[] }).shared,
    )) as { title: string; text: string; url: string }[];
    expect(shared).toHaveLength(1);
    expect(shared[0]!.title).toBe("Fathers' Club - Den building");
    expect(shared[0]!.text).toHaveLength(153);
    expect(shared[0]!.text.endsWith('...')).toBe(true);
    expect(shared[0]!.url).toMatch(new RegExp(`/events/${eventId}$`));
    await openHydrated(page, `${suite.url}/news`);
    await page.getByRole('button', { name: 'Share Shed opens' }).click();
    const again = await page.evaluate(() => (window as unknown as { shared: { text: string; url: string }[] }).shared);
    expect(again.at(-1)).toMatchObject({ text: 'Hello' });
    expect(again.at(-1)!.url).toMatch(new RegExp(`/news/${newsId}$`));
    await close();
  });

  it('opens the booking page in a sandboxed frame with a new-tab link', async () => {
    const { page, errors, close } = await openPage(chrome.browser);
    await openHydrated(page, `${suite.url}/events`);
    await page.getByRole('button', { name: 'Book Now: Den building' }).click();
    const dialog = page.getByRole('dialog', { name: 'Booking Page' });
    await dialog.waitFor();
    await expect(dialog.getByText('External booking page displayed in a popup window').count()).resolves.toBe(1);
    const frame = dialog.locator('iframe');
    await expect(frame.getAttribute('src')).resolves.toBe('https://booking.test/book');
    await expect(frame.getAttribute('sandbox')).resolves.toContain('allow-scripts');
    const newTab = dialog.getByRole('link', { name: 'Open in a new tab' });
    await expect(newTab.getAttribute('href')).resolves.toBe('https://booking.test/book');
    await expect(newTab.getAttribute('target')).resolves.toBe('_blank');
    await expectNoAxeViolations(page);
    const box = await dialog.boundingBox();
    expect(box!.height).toBeLessThanOrEqual(900 * 0.9 + 1);
    expect(box!.width).toBeLessThanOrEqual(1280 * 0.9 + 1);
    await page.keyboard.press('Escape');
    await expect(dialog.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('scrolls the booking dialog once (the booking page only) and returns focus to Book Now, at 320, 390 and 1280 px', async () => {
    for (const viewport of [
      { width: 320, height: 640 },
      { width: 390, height: 844 },
      { width: 1280, height: 900 },
    ]) {
      const { page, close } = await openPage(chrome.browser, { viewport });
      await openHydrated(page, `${suite.url}/events`);
      const book = page.getByRole('button', { name: 'Book Now: Den building' });
      for (const closeWith of ['Escape', 'Close'] as const) {
        await book.click();
        const dialog = page.getByRole('dialog', { name: 'Booking Page' });
        await dialog.waitFor();
        const sizes = await dialog.evaluate((element) => {
          const frame = element.querySelector('iframe')!.getBoundingClientRect();
          const box = element.getBoundingClientRect();
          return {
            scroll: element.scrollHeight - element.clientHeight,
            frameBottom: frame.bottom,
            boxBottom: box.bottom,
            frameHeight: frame.height,
            box: box.height,
          };
        });
        expect(sizes.scroll, `${viewport.width} px: the dialog itself does not scroll`).toBeLessThanOrEqual(0);
        expect(sizes.frameBottom).toBeLessThanOrEqual(sizes.boxBottom);
        expect(sizes.frameHeight).toBeGreaterThan(sizes.box * 0.5);
        expect(sizes.box).toBeLessThanOrEqual(viewport.height * 0.9 + 1);
        if (closeWith === 'Escape') await page.keyboard.press('Escape');
        else await dialog.getByRole('button', { name: 'Close' }).click();
        await expect(dialog.count()).resolves.toBe(0);
        await expectFocused(book, `${viewport.width} px, ${closeWith}`);
      }
      await close();
    }
  });

  it('shows gallery captions without a tap on touch screens at 320 and 390 px, and on hover or focus with a mouse', async () => {
    const opacities = async (options: Parameters<typeof openPage>[1]) => {
      const { page, close } = await openPage(chrome.browser, options);
      await openHydrated(page, `${suite.url}/gallery`);
      await page.waitForTimeout(400);
      const shown = await page.locator('main ul a span').evaluateAll((spans) => spans.map((span) => getComputedStyle(span).opacity));
      await close();
      return shown;
    };
    for (const width of [320, 390]) {
      expect(await opacities({ viewport: { width, height: 800 }, hasTouch: true, isMobile: true }), `touch at ${width} px`).toEqual([
        '1',
        '1',
        '1',
      ]);
    }
    expect(await opacities({ viewport: { width: 1280, height: 900 } })).toEqual(['0', '0', '0']);
  });

  it('opens the gallery lightbox, wraps at both ends, follows the arrow keys and returns focus to the tile', async () => {
    const { page, errors, close } = await openPage(chrome.browser);
    await openHydrated(page, `${suite.url}/gallery`);
    await expectNoAxeViolations(page);
    const tiles = page.locator('main ul a');
    await expect(tiles.count()).resolves.toBe(3);
    // Captions show on keyboard focus.
    await tiles.nth(0).focus();
    await page.waitForTimeout(400);
    await expect(
      tiles
        .nth(0)
        .locator('span')
        .evaluate((el) => getComputedStyle(el).opacity),
    ).resolves.toBe('1');
    const first = await tiles.nth(0).getAttribute('aria-label');
    await tiles.nth(0).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const caption = () => dialog.locator('figcaption').textContent();
    const captions = await page.locator('main ul a span').allTextContents();
    expect(first).toBe(`Open image: ${captions[0]}`);
    await expect(caption()).resolves.toBe(captions[0]);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Previous image' }).click();
    await expect(caption()).resolves.toBe(captions[2]);
    await dialog.getByRole('button', { name: 'Next image' }).click();
    await expect(caption()).resolves.toBe(captions[0]);
    await page.keyboard.press('ArrowLeft');
    await expect(caption()).resolves.toBe(captions[2]);
    await page.keyboard.press('ArrowRight');
    await expect(caption()).resolves.toBe(captions[0]);
    await page.keyboard.press('ArrowRight');
    await expect(caption()).resolves.toBe(captions[1]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog.count()).resolves.toBe(0);
    await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, first, FOCUS_SETTLES);
    // Escape closes too.
    await tiles.nth(1).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect(dialog.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('shows a photo at the width the screen needs, and has the photos either side fetched before a swipe', async () => {
    const { page, errors, close } = await openPage(chrome.browser, { viewport: PHONE });
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/images/')) images.push(new URL(request.url()).pathname);
    });
    await openHydrated(page, `${suite.url}/gallery`);
    const stored = await page.locator('main ul img').evaluateAll((tiles) => tiles.map((tile) => (tile as HTMLImageElement).currentSrc));
    const ids = stored.map((url) => /\/images\/([0-9a-z]+)\//.exec(url)![1]!);
    expect(new Set(ids).size).toBe(3);
    await page.locator('main ul a').nth(0).click();
    const photo = page.getByRole('dialog').locator('figure img');
    await photo.waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('[role="dialog"] figure img')?.complete);
    // 358 px wide on a 390 px screen: the 640 px AVIF, not the widest stored (1,200 px here).
    await expect(photo.evaluate((img) => new URL((img as HTMLImageElement).currentSrc).pathname)).resolves.toBe(
      `/images/${ids[0]}/640.avif`,
    );
    const box = (await photo.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(PHONE.width - 32);
    expect(box.height).toBeLessThanOrEqual(PHONE.height * 0.75);
    // The next and the previous (the last: it wraps) are on their way before any swipe.
    await expect
      .poll(() => images.filter((path) => path.endsWith('/640.avif')).sort())
      .toEqual(ids.map((id) => `/images/${id}/640.avif`).sort());
    expect(images.some((path) => /\/(960|1200|1280|1920)\./.test(path))).toBe(false);
    expect(errors).toEqual([]);
    await close();
  });

  it("closes a photo with the browser's Back, names the open photo in the address, and opens the photo a shared address names", async () => {
    const { page, errors, close } = await openPage(chrome.browser, { viewport: PHONE });
    await page.goto(`${suite.url}/news`);
    await openHydrated(page, `${suite.url}/gallery`);
    const gallery = page.url();
    const tiles = page.locator('main ul a');
    const anchors = await page.locator('main ul li').evaluateAll((items) => items.map((item) => item.id));
    expect(anchors).toHaveLength(3);
    const ids = anchors.map((anchor) => anchor.replace(/^photo-/, ''));
    // In the page as sent, before any script: a tile's fragment scrolls to it.
    const sent = await (await fetch(gallery)).text();
    for (const anchor of anchors) expect(sent).toContain(`id="${anchor}"`);
    const captions = await page.locator('main ul a span').allTextContents();
    const dialog = page.getByRole('dialog');
    const caption = () => dialog.locator('figcaption').textContent();

    await tiles.nth(0).click();
    await dialog.waitFor();
    expect(page.url()).toBe(`${gallery}?photo=${ids[0]}`);
    await dialog.getByRole('button', { name: 'Next image' }).click();
    await expect(caption()).resolves.toBe(captions[1]);
    expect(page.url()).toBe(`${gallery}?photo=${ids[1]}`);
    // Back closes the photo, however many were stepped through, and stays on the gallery.
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(gallery);
    await page.waitForFunction(
      (label) => document.activeElement?.getAttribute('aria-label') === label,
      await tiles.nth(0).getAttribute('aria-label'),
    );
    // Forward opens it again; its Close goes back, so Back then leaves the gallery as expected.
    await page.goForward();
    await dialog.waitFor();
    await expect(caption()).resolves.toBe(captions[1]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(gallery);
    await page.goBack();
    await page.waitForURL(`${suite.url}/news`);

    // A shared address opens its photo; closing it stays on the gallery, the address without it.
    await openHydrated(page, `${gallery}?photo=${ids[2]}`);
    await dialog.waitFor();
    await expect(caption()).resolves.toBe(captions[2]);
    // The photo has focus, drawn around nothing (a ring on 'Previous image' greeted the visitor); the arrows step.
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement!;
        return { role: active.getAttribute('role'), outline: getComputedStyle(active).outlineStyle };
      });
    await expect(focused()).resolves.toEqual({ role: 'dialog', outline: 'none' });
    await page.keyboard.press('ArrowRight');
    await expect(caption()).resolves.toBe(captions[0]);
    await page.keyboard.press('ArrowLeft');
    await expect(caption()).resolves.toBe(captions[2]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(gallery);
    // One shared as the gallery wrote them before (a tile's fragment) opens too, under the address of now.
    await openHydrated(page, `${gallery}#${anchors[1]}`);
    await dialog.waitFor();
    await expect(caption()).resolves.toBe(captions[1]);
    expect(page.url()).toBe(`${gallery}?photo=${ids[1]}`);
    // An address naming no photo in the gallery opens nothing, and drops the name.
    await page.goto(`${suite.url}/news`);
    await openHydrated(page, `${gallery}?photo=nosuchphoto`);
    await page.waitForURL(gallery);
    await expect(dialog.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('prints the words, dates and booking address in dark ink, without the menus, buttons and links that need a screen', async () => {
    const { page, close } = await openPage(chrome.browser, { viewport: { width: 1280, height: 900 } });
    await openHydrated(page, `${suite.url}/events`);
    const screenOnly = [
      page.getByRole('navigation', { name: 'Main' }),
      page.getByRole('button', { name: 'Book Now: Den building' }),
      page.getByRole('button', { name: /^Share/ }).first(),
      page.getByRole('link', { name: 'Add to calendar (.ics)' }),
      page.locator('footer'),
    ];
    const bookingAddress = page.getByText('Book at https://booking.test/book');
    for (const shown of screenOnly) await expect(shown.isVisible()).resolves.toBe(true);
    await expect(bookingAddress.isVisible()).resolves.toBe(false);

    await page.emulateMedia({ media: 'print' });
    for (const hidden of screenOnly) await expect(hidden.isVisible()).resolves.toBe(false);
    await expect(bookingAddress.isVisible()).resolves.toBe(true);
    // Backgrounds are left out of print: what was white on a colour prints dark.
    const inkOf = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => getComputedStyle(element).color);
    await expect(inkOf('.text-white')).resolves.toBe('rgb(15, 23, 42)');

    await openHydrated(page, `${suite.url}/`);
    await expect(inkOf('#hero-heading')).resolves.toBe('rgb(15, 23, 42)');
    await expect(page.getByRole('link', { name: 'View Events' }).isVisible()).resolves.toBe(false);
    const hero = await page.locator('section[aria-labelledby="hero-heading"]').boundingBox();
    expect(hero!.height).toBeLessThan(300);
    expect((await page.pdf()).subarray(0, 5).toString()).toBe('%PDF-');
    await close();
  });

  it('follows a shared photo to the page it is on now, and opens a photo of the home page in the gallery', async () => {
    const token = await adminToken(suite.url);
    const imageUrl = await uploadImage(suite.url, token, 0, { small: true });
    // 22 newer photos push the first to the gallery's second page.
    for (let n = 1; n <= 22; n++) await create(suite.url, token, '/api/admin/gallery', { imageUrl, caption: `Newer ${n}` });
    const all = (await (await fetch(`${suite.url}/api/gallery`)).json()) as { id: string; caption: string }[];
    const first = all.find((photo) => photo.caption === 'First photo')!.id;
    const { page, errors, close } = await openPage(chrome.browser, { viewport: PHONE });
    const dialog = page.getByRole('dialog');

    await openHydrated(page, `${suite.url}/gallery?photo=${first}`);
    await dialog.waitFor();
    expect(page.url()).toBe(`${suite.url}/gallery?page=2&photo=${first}`);
    await expect(dialog.locator('figcaption').textContent()).resolves.toBe('First photo');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${suite.url}/gallery?page=2`);
    // Its address as the gallery wrote them before: the same, through the server.
    await openHydrated(page, `${suite.url}/gallery#photo-${first}`);
    await page.waitForURL(`${suite.url}/gallery?page=2&photo=${first}`);
    await dialog.waitFor();
    await expect(dialog.locator('figcaption').textContent()).resolves.toBe('First photo');

    // A photo on the home page opens large in the gallery; Back is the home page again.
    await openHydrated(page, `${suite.url}/`);
    await page.getByRole('region', { name: 'From the Gallery' }).getByRole('link', { name: 'Newer 22' }).click();
    await dialog.waitFor();
    await expect(dialog.locator('figcaption').textContent()).resolves.toBe('Newer 22');
    await page.goBack();
    await page.waitForURL(`${suite.url}/`);
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the share tooltip after the hover delay and at once on focus', async () => {
    const { page, close } = await openPage(chrome.browser);
    await openHydrated(page, `${suite.url}/events`);
    const share = page.getByRole('button', { name: 'Share Den building' });
    await share.hover();
    await page.waitForTimeout(300);
    await expect(page.getByRole('tooltip').count()).resolves.toBe(0);
    await page.getByRole('tooltip').waitFor();
    await expect(page.getByRole('tooltip').textContent()).resolves.toBe('Share');
    await page.mouse.move(0, 0);
    await page.waitForTimeout(400);
    await page.keyboard.press('Tab');
    await share.focus();
    await page.waitForTimeout(50);
    await expect(page.getByRole('tooltip').count()).resolves.toBe(1);
    await close();
  });
});
