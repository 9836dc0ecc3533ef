import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { photoSite, photoSiteEnv } from '../setup/photo-site.ts';
import { useServer, type SuiteServer } from '../setup/server.ts';
import { phoneJpeg } from '../fixtures/images.ts';

// Settings' banner photo and accent colour, the home page's photos and coming events, and the
// first-run hint a signed-in administrator sees on an empty site.

async function upload(suite: SuiteServer, token: string): Promise<string> {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(await phoneJpeg(1600, 900))], { type: 'image/jpeg' }), 'banner.jpg');
  const response = await fetch(`${suite.url}/api/admin/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { imageUrl: string }).imageUrl;
}

/** A home-screen icon: served as an opaque PNG `size` px square (iOS shows clear parts black). */
async function expectOpaqueSquarePng(suite: SuiteServer, href: string, size: number): Promise<void> {
  const answer = await fetch(`${suite.url}${href}`);
  expect(answer.status, href).toBe(200);
  expect(answer.headers.get('content-type'), href).toBe('image/png');
  const drawn = await sharp(Buffer.from(await answer.arrayBuffer())).metadata();
  expect([drawn.format, drawn.width, drawn.height, drawn.hasAlpha], href).toEqual(['png', size, size, false]);
}

eachDatabase('the look of the site on $kind', (db) => {
  const suite = useServer(db, photoSiteEnv);
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });
  const settings = (body: unknown) => call(suite, 'PUT', '/api/admin/settings', { token, body });
  const home = (cookie?: string) => call(suite, 'GET', '/', cookie ? { headers: { cookie } } : {});

  it('refuses an accent colour white text cannot be read on, saying the ratio and a darker shade, and anything but #rrggbb', async () => {
    const light = await settings({ accentColor: '#FFD700' });
    expect(light.status).toBe(400);
    expect(light.body.errors.accentColor).toMatch(
      /^White text on #ffd700 has a contrast of only 1\.40:1; at least 4\.5:1 is needed.*such as #[0-9a-f]{6}\.$/,
    );
    for (const hostile of [
      '#1e40af;}</style><script>alert(1)</script>',
      '#1e40af\u0000',
      'red',
      'var(--x)',
      1234,
      ['#1e40af'],
      '#'.padEnd(5000, 'a'),
    ]) {
      const answer = await settings({ accentColor: hostile });
      expect(answer.status, JSON.stringify(hostile).slice(0, 40)).toBe(400);
      expect(answer.body.errors.accentColor).toBeTruthy();
    }
    expect((await call(suite, 'GET', '/api/settings')).body.accentColor).toBeNull();
    expect((await home()).text).toContain(':root{--club-accent:#1e40af}');
  });

  it('colours the public pages with a chosen accent on the very next request, and goes back to the default', async () => {
    expect((await home()).text).toContain(':root{--club-accent:#1e40af}');
    const saved = await settings({ accentColor: '#166534' });
    expect(saved.status).toBe(200);
    expect(saved.body.accentColor).toBe('#166534');
    for (const path of ['/', '/events', '/no-such-page']) {
      const page = await call(suite, 'GET', path);
      expect(page.text, path).toContain(':root{--club-accent:#166534}');
      expect(page.text, path).toContain('<meta name="theme-color" content="#166534">');
    }
    expect((await settings({ accentColor: '' })).body.accentColor).toBeNull();
    expect((await home()).text).toContain(':root{--club-accent:#1e40af}');
  });

  it('shows the banner photo under a dark veil and in link previews, keeps a replaced one for Undo, and checks a pasted address', async () => {
    const first = await upload(suite, token);
    expect((await settings({ heroImageUrl: first })).status).toBe(200);
    const page = await home();
    expect(page.text).toContain('data-testid="hero-veil"');
    expect(page.text).toMatch(new RegExp(`<img src="${first}/[^"]*"[^>]*fetchpriority="high"`, 'i'));
    expect(page.text).toMatch(new RegExp(`<meta property="og:image" content="[^"]*${first}`));

    const broken = await settings({ heroImageUrl: `${photoSite()}/missing.jpg` });
    expect(broken.status).toBe(400);
    expect(broken.body.errors.heroImageUrl).toMatch(/answered 404/);
    const badLogo = await settings({ logoUrl: `${photoSite()}/page.html` });
    expect(badLogo.body.errors.logoUrl).toMatch(/does not lead to an image/);

    for (const hostile of [
      'https://photos.test/a\u0000.jpg',
      'javascript:alert(1)',
      'https://photos.test/a\nb.jpg',
      'file:///etc/passwd',
    ]) {
      const answer = await settings({ heroImageUrl: hostile });
      expect(answer.status, hostile).toBe(400);
      expect(answer.body.errors.heroImageUrl, hostile).toBeTruthy();
    }

    expect((await settings({ heroImageUrl: `${photoSite()}/kite.jpg` })).status).toBe(200);
    expect((await home()).text).toMatch(/<img src="\/images\/remote\/[^"]+"[^>]*>/);
    // The photo it replaced stays a while (docs/decisions/050) for the administrators' 'Undo', and
    // is withdrawn from visitors at once (053).
    expect((await fetch(`${suite.url}${first}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await fetch(`${suite.url}${first}`)).status).toBe(404);
    expect((await settings({ heroImageUrl: first })).status).toBe(200);
    expect((await home()).text).toMatch(new RegExp(`<img src="${first}/[^"]*"[^>]*fetchpriority="high"`, 'i'));
    expect((await settings({ heroImageUrl: null })).status).toBe(200);
    expect((await home()).text).not.toContain('hero-veil');
  });

  it("names the club's logo as the browsers' icon and a phone's home-screen icon on every page, and /favicon.ico and /apple-touch-icon.png lead to the same, from the next request", async () => {
    const page = async (path: string) => (await call(suite, 'GET', path)).text;
    const icon = async (path: string) => /<link rel="icon"[^>]*>/.exec(await page(path))?.[0];
    const touchIcon = async (path: string) =>
      /<link rel="apple-touch-icon" href="([^"]+)">/.exec(await page(path))?.[1]?.replaceAll('&amp;', '&');
    const redirect = async (path: string) => {
      const answer = await call(suite, 'GET', path);
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get('cache-control')).toBe('no-cache');
      return answer.headers.get('location');
    };
    const favicon = () => redirect('/favicon.ico');
    // Both names iOS asks for, and the page's link: the same icon.
    const homeScreen = async (path = '/') => {
      const href = await touchIcon(path);
      expect(await redirect('/apple-touch-icon.png')).toBe(href);
      expect(await redirect('/apple-touch-icon-precomposed.png')).toBe(href);
      return href;
    };
    const served = async (href: string) => {
      const answer = await fetch(`${suite.url}${href}`);
      expect(answer.status, href).toBe(200);
      return answer.headers.get('content-type');
    };
    // A square opaque PNG of iOS's size (clear parts would show black on the home screen).
    const squarePng = (href: string) => expectOpaqueSquarePng(suite, href, 180);
    expect(await icon('/')).toBe('<link rel="icon" href="/logo.svg" type="image/svg+xml">');
    expect(await favicon()).toBe('/logo.svg');
    expect(await homeScreen()).toBe('/emblem-touch-icon.png');
    // Under the icon, the club's name, not the title of the page it was added from.
    const clubName = (await call(suite, 'GET', '/api/settings')).body.clubName as string;
    const events = await page('/events');
    for (const name of ['apple-mobile-web-app-title', 'application-name']) {
      expect(events, name).toContain(`<meta name="${name}" content="${clubName}">`);
    }
    await squarePng('/emblem-touch-icon.png');

    const logo = await upload(suite, token);
    expect((await settings({ logoUrl: logo })).status).toBe(200);
    for (const path of ['/', '/events', '/news', '/gallery', '/who-we-are', '/what-we-do', '/no-such-page']) {
      expect(await icon(path), path).toBe(`<link rel="icon" href="${logo}/320.webp" type="image/webp">`);
      expect(await touchIcon(path), path).toBe(`${logo}/touch-icon.png`);
    }
    expect(await favicon()).toBe(`${logo}/320.webp`);
    expect(await served(`${logo}/320.webp`)).toBe('image/webp');
    expect(await homeScreen('/news')).toBe(`${logo}/touch-icon.png`);
    await squarePng(`${logo}/touch-icon.png`);

    // A logo given by its address elsewhere: this site's copy of it.
    expect((await settings({ logoUrl: `${photoSite()}/club-logo.jpg` })).status).toBe(200);
    const copy = /href="(\/images\/remote\/[^"]+)"/.exec((await icon('/'))!)?.[1]?.replaceAll('&amp;', '&');
    expect(copy).toBeDefined();
    expect(await favicon()).toBe(copy);
    expect(await served(copy!)).toMatch(/^image\//);
    const remoteTouchIcon = await homeScreen();
    expect(remoteTouchIcon).toBe(copy!.replace('?', '/touch-icon.png?'));
    await squarePng(remoteTouchIcon!);

    expect((await settings({ logoUrl: null })).status).toBe(200);
    expect(await icon('/events')).toBe('<link rel="icon" href="/logo.svg" type="image/svg+xml">');
    expect(await favicon()).toBe('/logo.svg');
    expect(await homeScreen('/events')).toBe('/emblem-touch-icon.png');
  });

  it("gives Android a web app manifest with the club's name, words, colour and logo, from the next request", async () => {
    const manifest = async () => {
      const answer = await call(suite, 'GET', '/manifest.webmanifest');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
      expect(answer.headers.get('set-cookie')).toBeNull();
      return JSON.parse(answer.text) as {
        name: string;
        short_name: string;
        description: string;
        theme_color: string;
        display: string;
        start_url: string;
        icons: { src: string; sizes: string; type: string }[];
      };
    };
    // Each icon it names is served as an opaque PNG of the size it says.
    const iconsOf = async () => {
      const { icons } = await manifest();
      for (const { src, sizes, type } of icons) {
        // Relative to the manifest's own address, as browsers read it.
        expect(new URL(src, `${suite.url}/manifest.webmanifest`).href, src).toBe(`${suite.url}${src}`);
        expect(type, src).toBe('image/png');
        await expectOpaqueSquarePng(suite, src, Number(/^(\d+)x\1$/.exec(sizes)?.[1]));
      }
      return icons.map(({ src, sizes }) => [src, sizes]);
    };
    const { clubName, tagline, accentColor } = (await call(suite, 'GET', '/api/settings')).body as Record<string, unknown>;
    for (const path of ['/', '/events', '/news', '/gallery', '/who-we-are', '/what-we-do', '/no-such-page']) {
      expect((await call(suite, 'GET', path)).text, path).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    }
    expect(
      (await settings({ clubName: 'Manifest Dads', tagline: 'Dads of Manifest Primary', accentColor: '#166534', logoUrl: null })).status,
    ).toBe(200);
    await manifest();
    expect(await manifest()).toMatchObject({
      name: 'Manifest Dads',
      short_name: 'Manifest Dads',
      description: 'Dads of Manifest Primary',
      theme_color: '#166534',
      // Opened in the browser, address bar and all, as a page of the site.
      display: 'browser',
      start_url: '/',
    });
    expect(await iconsOf()).toEqual([
      ['/emblem-touch-icon.png', '180x180'],
      ['/emblem-app-icon.png', '512x512'],
    ]);
    // The very next request sees a change, though the manifest was answered from memory.
    expect((await call(suite, 'GET', '/manifest.webmanifest')).headers.get('x-cache')).toBe('HIT');
    expect((await settings({ clubName: 'Renamed Dads', tagline: '', accentColor: '#7c2d12' })).status).toBe(200);
    expect(await manifest()).toMatchObject({
      name: 'Renamed Dads',
      theme_color: '#7c2d12',
      description: expect.stringMatching(/^Join our community of fathers/),
    });

    const logo = await upload(suite, token);
    expect((await settings({ logoUrl: logo })).status).toBe(200);
    expect(await iconsOf()).toEqual([
      [`${logo}/touch-icon.png`, '180x180'],
      [`${logo}/app-icon.png`, '512x512'],
    ]);
    // Only the logo is drawn as an icon: no page names another picture's, and a stranger asking for
    // every photo's would have the server draw and keep a PNG of each.
    const photo = await upload(suite, token);
    for (const file of ['touch-icon.png', 'app-icon.png']) expect((await fetch(`${suite.url}${photo}/${file}`)).status, file).toBe(404);
    expect((await fetch(`${suite.url}${photo}/share.jpg`)).status).toBe(200);
    // A logo given by its address elsewhere: drawn from this site's copy of it.
    expect((await settings({ logoUrl: `${photoSite()}/club-logo.jpg` })).status).toBe(200);
    const [touch, app] = (await iconsOf()).map(([src]) => src!);
    expect(touch).toMatch(/^\/images\/remote\/[0-9a-f]{40}\/touch-icon\.png\?u=/);
    expect(app).toBe(touch!.replace('/touch-icon.png?', '/app-icon.png?'));
    // Nor is a picture given by address that is not the logo (its copy's link signed by the server).
    const other = `${photoSite()}/banner.jpg`;
    expect((await settings({ heroImageUrl: other })).status).toBe(200);
    const banner = [...(await home()).text.matchAll(/src="(\/images\/remote\/[0-9a-f]{40}\?u=[^"]+)"/g)]
      .map(([, src]) => src!.replaceAll('&amp;', '&'))
      .find((src) => src.endsWith(encodeURIComponent(other)));
    expect(banner).toBeDefined();
    expect((await fetch(`${suite.url}${banner!.replace('?', '/app-icon.png?')}`)).status).toBe(404);
    expect((await fetch(`${suite.url}${banner!.replace('?', '/share.jpg?')}`)).status).toBe(200);
    expect((await settings({ heroImageUrl: null })).status).toBe(200);
    expect((await settings({ logoUrl: null })).status).toBe(200);
    expect((await iconsOf())[1]).toEqual(['/emblem-app-icon.png', '512x512']);
    expect((await settings({ clubName, tagline, accentColor })).status).toBe(200);
  });

  it('keeps one banner photo when many saves replace it at once, and the others for Undo', async () => {
    const photos = await Promise.all(Array.from({ length: 8 }, () => upload(suite, token)));
    const answers = await Promise.all(photos.map((heroImageUrl) => settings({ heroImageUrl })));
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(8).fill(200));
    const kept = (await call(suite, 'GET', '/api/settings')).body.heroImageUrl as string;
    expect(photos).toContain(kept);
    // The others are kept a while for an Undo (docs/decisions/050; images.test.ts sees them go),
    // for the administrators alone (053).
    const served = await Promise.all(
      photos.map(async (url) => (await fetch(`${suite.url}${url}`, { headers: { authorization: `Bearer ${token}` } })).status),
    );
    expect(served).toEqual(photos.map(() => 200));
    const seen = await Promise.all(photos.map(async (url) => (await fetch(`${suite.url}${url}`)).status));
    expect(seen).toEqual(photos.map((url) => (url === kept ? 200 : 404)));
    expect((await settings({ heroImageUrl: null })).status).toBe(200);
    expect((await call(suite, 'GET', '/api/settings')).body.heroImageUrl).toBeNull();
  });

  it('gives a signed-in administrator a first-run checklist that no cache keeps, and visitors a welcome', async () => {
    const anonymous = await home();
    expect(anonymous.text).not.toContain('Getting the site ready');
    expect(anonymous.text).toContain('News, events and photos from the club will appear here soon.');
    const cookie = `club_session=${token}`;
    const admin = await home(cookie);
    expect(admin.text).toMatch(/Getting the site ready: [0-9] of 5 done/);
    expect(admin.text).toContain('href="/admin/events"');
    expect(admin.headers.get('cache-control')).toBe('private, no-store');
    expect(admin.headers.get('etag')).toBeNull();
    // A cookie that names no session is a visitor's.
    const stale = await home('club_session=not-a-session');
    expect(stale.text).not.toContain('Getting the site ready');
    expect(stale.headers.get('cache-control')).toMatch(/^public/);
    expect((await home()).text).not.toContain('Getting the site ready');
  });

  it('lists the events after the Next Event and the latest photos on the home page', async () => {
    const day = 86_400_000;
    for (const n of [1, 2, 3, 4, 5]) {
      const created = await call(suite, 'POST', '/api/admin/events', {
        token,
        body: {
          name: `Outing ${n}`,
          date: new Date(Date.now() + n * day).toISOString(),
          comment: 'Fun.',
          bookingUrl: 'https://booking.test/x',
        },
      });
      expect(created.status).toBe(201);
    }
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      await call(suite, 'POST', '/api/admin/gallery', { token, body: { imageUrl: await upload(suite, token), caption: `Photo ${n}` } });
    }
    const page = (await home()).text;
    const comingUp = page.slice(page.indexOf('id="coming-up"'), page.indexOf('id="latest-photos"'));
    expect([...comingUp.matchAll(/>Outing (\d)</g)].map((m) => m[1])).toEqual(['2', '3', '4']);
    const photos = page.slice(page.indexOf('id="latest-photos"'));
    expect([...photos.matchAll(/alt="(Photo \d)"/g)].map((m) => m[1])).toEqual([
      'Photo 7',
      'Photo 6',
      'Photo 5',
      'Photo 4',
      'Photo 3',
      'Photo 2',
    ]);
    expect(page).not.toContain('will appear here soon');
    // The administrator's browser still caches images for good.
    const photo = /<img src="(\/images\/[^"]+)"[^>]*alt="Photo 7"/.exec(page)![1]!;
    const image = await call(suite, 'GET', photo, { headers: { cookie: `club_session=${token}` } });
    expect(image.headers.get('cache-control')).toMatch(/immutable/);
    const admin = (await home(`club_session=${token}`)).text;
    expect(admin).toMatch(/Getting the site ready: 2 of 5 done/);
  });
});
