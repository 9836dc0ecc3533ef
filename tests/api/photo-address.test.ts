import { beforeAll, expect, it } from 'vitest';
import { call, flood, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { create, uploadImage } from '../setup/fill-site.ts';
import { useServer } from '../setup/server.ts';

// A photo's address names the photo, not its page (docs/decisions/112): as newer photos push it
// to the next page, or older ones go, the server sends its address on to the page it is on now.
// Shared in a chat, the address shows that photo in the link's preview.

const PAGE_SIZE = 24;
const ogImage = (page: string) => /<meta property="og:image" content="([^"]+)"/.exec(page)?.[1];
const ogDescription = (page: string) => /<meta property="og:description" content="([^"]+)"/.exec(page)?.[1];
const canonical = (page: string) => /<link rel="canonical" href="([^"]+)"/.exec(page)?.[1];

eachDatabase('a photo address on $kind', (db) => {
  const suite = useServer(db);
  let token: string;
  let imageUrl: string;
  /** Oldest first: photos[0] is the last on the gallery. */
  const photos: string[] = [];
  /** Each photo's picture, as /images/{id}. */
  const pictureOf = new Map<string, string>();
  const addPhoto = async (caption: string, picture = imageUrl) => {
    const photo = await create(suite.url, token, '/api/admin/gallery', { imageUrl: picture, caption });
    photos.push(photo.id);
    pictureOf.set(photo.id, picture);
    return photo.id as string;
  };

  beforeAll(async () => {
    token = await login(suite);
    imageUrl = await uploadImage(suite.url, token, 0, { small: true });
    // One more than a page: the oldest is alone on page 2.
    for (let n = 1; n <= PAGE_SIZE + 1; n++) {
      // The newest two with pictures of their own, to tell their link previews apart.
      await addPhoto(`Photo ${n}`, n >= PAGE_SIZE ? await uploadImage(suite.url, token, n - PAGE_SIZE + 1, { small: true }) : imageUrl);
    }
  });

  it('opens on the page the photo is on, with the photo in the link preview, and sends an outgrown address on', async () => {
    const newest = photos.at(-1)!;
    const oldest = photos[0]!;
    const gallery = await call(suite, 'GET', '/gallery');
    // The gallery's own preview is its newest photo; a photo's, that photo with its caption.
    const share = (id: string) => new RegExp(`^http://[^/]+${pictureOf.get(id)!}/share\\.jpg$`);
    expect(ogImage(gallery.text)).toMatch(share(newest));
    const here = await call(suite, 'GET', `/gallery?photo=${photos.at(-2)!}`);
    expect(here.status).toBe(200);
    expect(here.headers.get('cache-control')).toBe(gallery.headers.get('cache-control'));
    expect(ogImage(here.text)).toMatch(share(photos.at(-2)!));
    expect(ogDescription(here.text)).toBe(`Photo ${PAGE_SIZE}`);
    expect(ogDescription(gallery.text)).toMatch(/^Photos from the activities of /);
    // One page of the gallery, whichever photo is open.
    expect(canonical(here.text)).toBe(canonical(gallery.text));

    const moved = await call(suite, 'GET', `/gallery?photo=${oldest}`);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe(`/gallery?page=2&photo=${oldest}`);
    expect((await call(suite, 'GET', `/gallery?page=2&photo=${oldest}`)).status).toBe(200);
    // A page it is not on, a page that is no more, a page that never was: on to its page.
    for (const page of ['2', '9', 'abc', '0']) {
      const sent = await call(suite, 'GET', `/gallery?page=${page}&photo=${newest}`);
      expect([sent.status, sent.headers.get('location')], page).toEqual([302, `/gallery?photo=${newest}`]);
    }
    for (const page of ['9', 'abc']) {
      const sent = await call(suite, 'GET', `/gallery?page=${page}&photo=${oldest}`);
      expect([sent.status, sent.headers.get('location')], page).toEqual([302, `/gallery?page=2&photo=${oldest}`]);
    }
  });

  it('follows a photo to the next page when a newer one comes, at once (no cache keeps where it was)', async () => {
    const last = photos[1]!; // the last on page 1
    expect((await call(suite, 'GET', `/gallery?photo=${last}`)).status).toBe(200);
    await addPhoto('A newer photo');
    const moved = await call(suite, 'GET', `/gallery?photo=${last}`);
    expect([moved.status, moved.headers.get('location')]).toEqual([302, `/gallery?page=2&photo=${last}`]);
    // And back when a newer one goes.
    expect((await call(suite, 'DELETE', `/api/admin/gallery/${photos.at(-1)!}`, { token })).status).toBe(200);
    expect((await call(suite, 'GET', `/gallery?page=2&photo=${last}`)).headers.get('location')).toBe(`/gallery?photo=${last}`);
  });

  it('sends an address naming no photo in the gallery to the page asked for, and refuses no spelling of one', async () => {
    const gone = photos.at(-1)!; // deleted above
    for (const [path, to] of [
      [`/gallery?photo=${gone}`, '/gallery'],
      [`/gallery?page=2&photo=${gone}`, '/gallery?page=2'],
      ['/gallery?photo=nosuchphoto&utm_source=chat', '/gallery?utm_source=chat'],
      ['/gallery?photo=', '/gallery'],
      ['/gallery?photo=%00', '/gallery'],
      ['/gallery?photo=%0d%0aLocation:%20https://evil.test', '/gallery'],
      [`/gallery?photo=${'a'.repeat(5000)}`, '/gallery'],
      [`/gallery?photo=${photos[0]}&photo=${photos[1]}`, '/gallery'],
      [`/gallery?photo=${photos[0]!.toUpperCase()}`, '/gallery'],
      ['/gallery?photo=%C0%AE%C0%AE', '/gallery'],
      [`/gallery?page=2&photo=${encodeURIComponent("' or 1=1 --")}`, '/gallery?page=2'],
      // A page that is no more, or never was: the first.
      [`/gallery?page=abc&photo=${gone}`, '/gallery'],
      [`/gallery?page=9&photo=${gone}&utm_source=chat`, '/gallery'],
    ] as const) {
      const answer = await call(suite, 'GET', path);
      expect([answer.status, answer.headers.get('location')], path).toEqual([302, to]);
    }
    expect((await call(suite, 'GET', '/gallery?utm_source=chat')).status).toBe(200);
    // Made-up photos are not kept in the page cache: a flood of them cannot push the pages out.
    await call(suite, 'GET', '/gallery');
    await Promise.all(Array.from({ length: 30 }, (_, n) => call(suite, 'GET', `/gallery?photo=madeup${n}`)));
    const again = await call(suite, 'GET', '/gallery?photo=madeup0');
    expect([again.status, again.headers.get('x-cache')]).toEqual([302, 'MISS']);
    expect((await call(suite, 'GET', '/gallery')).headers.get('x-cache')).toBe('HIT');
  });

  it('renders a photo address opened by a crowd at once once, and keeps it until the gallery changes', async () => {
    const shared = `/gallery?photo=${photos.at(-2)!}`;
    const crowd = await Promise.all(Array.from({ length: 40 }, () => call(suite, 'GET', shared)));
    expect(crowd.map((answer) => answer.status)).toEqual(crowd.map(() => 200));
    expect(new Set(crowd.map((answer) => answer.text)).size).toBe(1);
    // One render; the others waited for it or were answered from memory.
    expect(crowd.filter((answer) => answer.headers.get('x-cache') === 'MISS')).toHaveLength(1);
    expect((await call(suite, 'GET', shared)).headers.get('x-cache')).toBe('HIT');
    await addPhoto('Another');
    expect((await call(suite, 'GET', shared)).headers.get('x-cache')).toBe('MISS');
  });

  it('answers a crowd opening photo addresses while photos are added, every one on the page it names', async () => {
    const answers = await Promise.all([
      flood(60, 20, async (n) => {
        const photo = photos[n % 3]!; // near the end of page 1 and on page 2: these move
        const answer = await call(suite, 'GET', `/gallery?photo=${photo}`);
        return { photo, status: answer.status, location: answer.headers.get('location') };
      }),
      (async () => {
        for (let n = 0; n < 4; n++) await addPhoto(`Crowd ${n}`);
      })(),
    ]);
    for (const answer of answers[0]) {
      expect(answer.status).not.toBeGreaterThanOrEqual(500);
      if (answer.status === 302) expect(answer.location).toMatch(new RegExp(`^/gallery\\?page=\\d&photo=${answer.photo}$`));
      else expect(answer.status).toBe(200);
    }
    // Once it is quiet, each is where the gallery's own pages show it.
    for (const photo of photos.slice(0, 3)) {
      const sent = await call(suite, 'GET', `/gallery?photo=${photo}`);
      const onPage = sent.headers.get('location') ?? '/gallery';
      const page = await call(suite, 'GET', onPage.replace(/&?photo=[^&]+/, '').replace(/\?$/, ''));
      expect(page.text, photo).toContain(`id="photo-${photo}"`);
    }
  });
});
