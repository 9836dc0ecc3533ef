import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { expectNotice, signInWithCookie } from '../setup/admin-browser.ts';
import { DESKTOP, expectNoAxeViolations, openPage, PHONE, useBrowser } from '../setup/browser.ts';
import { testDatabases } from '../setup/databases.ts';
import { useServer } from '../setup/server.ts';

const sqlite = testDatabases[0]!;

async function banner() {
  const buffer = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#f5f5f0' } })
    .jpeg()
    .toBuffer();
  return { name: 'field.jpg', mimeType: 'image/jpeg', buffer };
}

describe('a warmer site', () => {
  const suite = useServer(sqlite);
  const chrome = useBrowser();

  it('lets an administrator choose an accent colour (refusing one white text cannot be read on) and a banner photo, and guides a new site', async () => {
    const { page, close, errors } = await openPage(chrome.browser, { viewport: DESKTOP });
    await page.goto(`${suite.url}/`);
    await page.getByText('News, events and photos from the club will appear here soon.').waitFor();
    expect(await page.getByText('Getting the site ready').count()).toBe(0);

    await signInWithCookie(page, suite.url);
    await page.goto(`${suite.url}/`);
    await page.getByRole('heading', { name: 'Getting the site ready: 0 of 5 done' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: "Choose the club's colour and a photo for the welcome banner" }).click();
    await page.waitForURL(`${suite.url}/admin/settings`);

    const colour = page.getByRole('textbox', { name: 'Accent colour', exact: true });
    await colour.fill('#ffd700');
    await page.getByText(/White text on #ffd700 has a contrast of only 1\.40:1/).waitFor();
    const saves: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/admin/settings') && saves.push(request.method()));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => colour.getAttribute('aria-invalid')).toBe('true');
    expect(saves).toEqual([]);
    const suggestion = page.getByRole('button', { name: /^Use #[0-9a-f]{6} instead$/ });
    const darker = /#[0-9a-f]{6}/.exec((await suggestion.textContent())!)![0];
    await suggestion.click();
    await expect(colour.inputValue()).resolves.toBe(darker);
    await page.getByText(/Easy to read\./).waitFor();

    await page.getByLabel('Welcome banner photo: choose a file').setInputFiles(await banner());
    await expectNotice(page, 'Upload successful');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectNotice(page, 'Site settings updated successfully');

    await page.goto(`${suite.url}/`);
    const accent = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--club-accent').trim());
    expect(accent).toBe(darker);
    const hero = page.locator('#hero-heading').locator('xpath=ancestor::section[1]');
    await expect.poll(() => hero.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The veil darkens even this nearly white photo behind the white heading.
    expect(await hero.getByTestId('hero-veil').evaluate((veil) => getComputedStyle(veil).backgroundColor)).toBe('oklab(0 0 0 / 0.6)');
    await page.getByRole('heading', { name: 'Getting the site ready: 1 of 5 done' }).waitFor();
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the coming events and the latest photos on the home page at 320, 390 and 1280 px, without sideways scrolling', async () => {
    const token = await login(suite);
    const day = 86_400_000;
    for (const n of [1, 2, 3, 4]) {
      await call(suite, 'POST', '/api/admin/events', {
        token,
        body: {
          name: `Family outing number ${n} to the woods behind the school field`,
          date: new Date(Date.now() + n * day).toISOString(),
          location: 'Oak Wood, behind the school field',
          comment: 'Bring wellies.',
          bookingUrl: 'https://booking.test/outing',
        },
      });
    }
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      const form = new FormData();
      const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: n * 30, g: 120, b: 90 } } })
        .jpeg()
        .toBuffer();
      form.set('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
      const upload = await fetch(`${suite.url}/api/admin/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      const { imageUrl } = (await upload.json()) as { imageUrl: string };
      await call(suite, 'POST', '/api/admin/gallery', { token, body: { imageUrl, caption: `Sports day ${n}` } });
    }
    for (const viewport of [{ width: 320, height: 640 }, PHONE, DESKTOP]) {
      const { page, close } = await openPage(chrome.browser, { viewport });
      await page.goto(`${suite.url}/`);
      const comingUp = page.getByRole('region', { name: 'Coming Up' });
      expect(await comingUp.getByRole('listitem').count()).toBe(3);
      const photos = page.getByRole('region', { name: 'From the Gallery' });
      expect(await photos.getByRole('img').count()).toBe(6);
      expect(await photos.getByRole('img', { name: 'Sports day 7' }).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      if (viewport === PHONE) await expectNoAxeViolations(page);
      await close();
    }
  });
});
