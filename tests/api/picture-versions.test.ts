import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { RELEASED_IMAGE_KEEP_MS } from '../../src/core/images/images.service.ts';
import { ITEM_VERSIONS_KEPT } from '../../src/core/versions/versions.schema.ts';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { useDirectDb } from '../setup/direct-db.ts';
import { fakeClockEnv, moveFakeClock } from '../setup/fake-clock.ts';
import { addAdministrator, create, denBuilding, uploadImage } from '../setup/fill-site.ts';
import { photoSite, photoSiteEnv } from '../setup/photo-site.ts';
import { useServer } from '../setup/server.ts';

// Pictures in earlier versions (docs/decisions/061): a stranger with a volunteer's password who
// swaps the club's photos for their own is undone by 'Put back all', pictures included; the
// pictures a version holds stay on the server (for administrators alone) until the version lets
// go of them, and 'Delete for ever' still takes a picture off the server at once.

interface Version {
  content: Record<string, string | null>;
  replacedBy: string | null;
}

eachDatabase('pictures in earlier versions on $kind', (db) => {
  const clock = path.join(os.tmpdir(), `picture-versions-clock-${process.pid}-${db.kind}`);
  const suite = useServer(db, { ...fakeClockEnv(clock), ...photoSiteEnv });
  const direct = useDirectDb(suite);
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });
  const as = (method: string, url: string, body?: unknown, by = token) => call(suite, method, url, { token: by, body });
  const forVisitor = (url: string) => fetch(`${suite.url}${url}`).then((response) => response.status);
  const forAdmin = (url: string) => fetch(`${suite.url}${url}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
  const filesOf = (url: string) => {
    const dir = path.join(suite.database.dataDir, 'images', url.split('/').pop()!);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const page = (url: string) => fetch(`${suite.url}${url}`).then((response) => response.text());

  it("puts back the pictures and captions a stranger swapped, out of visitors' sight meanwhile, and withdraws theirs", async () => {
    const ours = await Promise.all([1, 2, 3, 4].map((seed) => uploadImage(suite.url, token, seed, { small: true })));
    const [photoPicture, newsPicture, eventPicture, banner] = ours as [string, string, string, string];
    const photo = await create(suite.url, token, '/api/admin/gallery', { imageUrl: photoPicture, caption: 'Sports day' });
    const news = await create(suite.url, token, '/api/admin/news', {
      title: 'Camp-out',
      publishedAt: '2026-11-02',
      content: '<p>Torches.</p>',
      imageUrl: newsPicture,
    });
    const event = await create(suite.url, token, '/api/admin/events', { ...denBuilding(), imageUrl: eventPicture });
    expect((await as('PUT', '/api/admin/settings', { heroImageUrl: banner })).status).toBe(200);

    const stranger = await addAdministrator(suite, token, 'pictureswapper', 'a pale lantern under winter');
    const theirs = await Promise.all([5, 6, 7, 8].map((seed) => uploadImage(suite.url, stranger.token, seed, { small: true })));
    const swaps = await Promise.all([
      as('PUT', `/api/admin/gallery/${photo.id}`, { imageUrl: theirs[0], caption: 'Buy now' }, stranger.token),
      as('PUT', `/api/admin/news/${news.id}`, { title: 'Camp-out', publishedAt: '2026-11-02', imageUrl: theirs[1] }, stranger.token),
      as('PUT', `/api/admin/events/${event.id}`, { ...denBuilding(), date: event.date, imageUrl: theirs[2] }, stranger.token),
      as('PUT', '/api/admin/settings', { heroImageUrl: theirs[3] }, stranger.token),
    ]);
    expect(swaps.map((swap) => swap.status)).toEqual([200, 200, 200, 200]);

    // The club's pictures: shown nowhere, so visitors get none of them; the committee sees them in
    // the earlier versions, and they outlast the quarter of an hour a replaced picture had (050).
    await moveFakeClock(clock, Date.now() + RELEASED_IMAGE_KEEP_MS + 60_000);
    const trigger = await uploadImage(suite.url, token, 9, { small: true });
    const other = await create(suite.url, token, '/api/admin/gallery', { imageUrl: trigger });
    expect(
      (await as('PUT', `/api/admin/gallery/${other.id}`, { imageUrl: await uploadImage(suite.url, token, 10, { small: true }) })).status,
    ).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await Promise.all(ours.map(forVisitor))).toEqual([404, 404, 404, 404]);
    expect(await Promise.all(ours.map(forAdmin))).toEqual([200, 200, 200, 200]);
    for (const url of ours) expect(filesOf(url).length, url).toBeGreaterThan(0);
    const photoVersions = (await as('GET', `/api/admin/gallery/${photo.id}/versions`)).body as Version[];
    expect(photoVersions).toMatchObject([{ content: { imageUrl: photoPicture, caption: 'Sports day' }, replacedBy: 'pictureswapper' }]);

    // The Activity screen offers to put back all four; one tap does.
    const first = await as('GET', `/api/admin/activity?admin=${stranger.id}`);
    expect(first.status).toBe(200);
    expect(first.body.editsToPutBack).toBe(4);
    const putBack = await as('POST', '/api/admin/activity/put-back-edits', { admin: stranger.id });
    expect(putBack.body).toEqual({ message: 'Put back 4 edits', putBack: 4, remaining: 0 });

    expect((await as('GET', '/api/gallery')).body).toContainEqual(
      expect.objectContaining({ id: photo.id, imageUrl: photoPicture, caption: 'Sports day' }),
    );
    expect((await as('GET', `/api/news/${news.id}`)).body).toMatchObject({ imageUrl: newsPicture });
    expect((await as('GET', `/api/events/${event.id}`)).body).toMatchObject({ imageUrl: eventPicture });
    expect((await as('GET', '/api/settings')).body).toMatchObject({ heroImageUrl: banner });
    // Visitors see the club's pictures again, on the pages and at their addresses; the
    // stranger's are withdrawn at once, and kept (for the committee) as earlier versions in turn.
    expect(await Promise.all(ours.map(forVisitor))).toEqual([200, 200, 200, 200]);
    expect(await Promise.all(theirs.map(forVisitor))).toEqual([404, 404, 404, 404]);
    expect(await Promise.all(theirs.map(forAdmin))).toEqual([200, 200, 200, 200]);
    expect(await page('/gallery')).toContain(photoPicture);
    expect(await page('/gallery')).not.toContain(theirs[0]);
    expect(await page(`/news/${news.id}`)).toContain(newsPicture);
    expect(await page(`/events/${event.id}`)).toContain(eventPicture);
    expect(await page('/')).toContain(banner);
    expect(((await as('GET', `/api/admin/gallery/${photo.id}/versions`)).body as Version[])[0]!.content).toMatchObject({
      imageUrl: theirs[0],
      caption: 'Buy now',
    });
    expect((await as('DELETE', `/api/admin/administrators/${stranger.id}`)).status).toBe(200);
    await moveFakeClock(clock, Date.now());
  });

  it('puts back the rest when an earlier picture is an address elsewhere that no longer answers', async () => {
    const gone = await create(suite.url, token, '/api/admin/events', {
      ...denBuilding(),
      name: 'Kite day',
      imageUrl: `${photoSite()}/kite.jpg`,
    });
    // The other site has taken its photo down since it was saved.
    await direct()
      .updateTable('events')
      .set({ imageUrl: `${photoSite()}/missing-kite.jpg` })
      .where('id', '=', gone.id)
      .execute();
    const ours = await uploadImage(suite.url, token, 14, { small: true });
    const photo = await create(suite.url, token, '/api/admin/gallery', { imageUrl: ours, caption: 'Kites' });
    const stranger = await addAdministrator(suite, token, 'deadlinkswapper', 'a pale lantern under winter');
    const theirs = await uploadImage(suite.url, stranger.token, 15, { small: true });
    const event = (await as('GET', `/api/events/${gone.id}`)).body as Record<string, string>;
    expect(
      (
        await as(
          'PUT',
          `/api/admin/events/${gone.id}`,
          { ...denBuilding(), name: 'Kite day', date: event.date, imageUrl: theirs },
          stranger.token,
        )
      ).status,
    ).toBe(200);
    expect((await as('PUT', `/api/admin/gallery/${photo.id}`, { imageUrl: theirs, caption: 'Kites' }, stranger.token)).status).toBe(200);

    const putBack = await as('POST', '/api/admin/activity/put-back-edits', { admin: stranger.id });
    expect(putBack.status, putBack.text).toBe(200);
    expect(putBack.body).toEqual({ message: 'Put back 1 edit', putBack: 1, remaining: 0 });
    expect((await as('GET', '/api/gallery')).body).toContainEqual(expect.objectContaining({ id: photo.id, imageUrl: ours }));
    // The event is left for a person: the address is refused with its reason if they try it.
    expect((await as('GET', `/api/events/${gone.id}`)).body).toMatchObject({ imageUrl: theirs });
    expect((await as('DELETE', `/api/admin/administrators/${stranger.id}`)).status).toBe(200);
  });

  it('takes a picture off the server at once when deleted for ever, whatever earlier version held it', async () => {
    const pictures = await Promise.all([11, 12, 13].map((seed) => uploadImage(suite.url, token, seed, { small: true })));
    const item = await create(suite.url, token, '/api/admin/news', {
      title: 'Swimming gala',
      publishedAt: '2026-11-05',
      content: '<p>Lanes.</p>',
      imageUrl: pictures[0],
    });
    for (const imageUrl of pictures.slice(1)) {
      expect((await as('PUT', `/api/admin/news/${item.id}`, { title: 'Swimming gala', publishedAt: '2026-11-05', imageUrl })).status).toBe(
        200,
      );
    }
    // A photo of the gallery once used the first picture, and its version holds it too.
    const photo = await create(suite.url, token, '/api/admin/gallery', { imageUrl: pictures[0] });
    expect((await as('PUT', `/api/admin/gallery/${photo.id}`, { imageUrl: pictures[2] })).status).toBe(200);
    for (const url of pictures) expect(filesOf(url).length, url).toBeGreaterThan(0);

    // A parent asks: the news item goes, then goes for ever. Its pictures leave the server with
    // it, the one the photo's version held included; the picture the photo shows stays.
    expect((await as('DELETE', `/api/admin/news/${item.id}`)).status).toBe(200);
    expect((await as('DELETE', `/api/admin/deleted/news/${item.id}`)).status).toBe(200);
    expect(filesOf(pictures[0]!)).toEqual([]);
    expect(filesOf(pictures[1]!)).toEqual([]);
    expect(await forAdmin(pictures[0]!)).toBe(404);
    expect(await forVisitor(pictures[2]!)).toBe(200);
    // The photo's version keeps its words; the picture it no longer holds is left out.
    expect(((await as('GET', `/api/admin/gallery/${photo.id}/versions`)).body as Version[]).map((version) => version.content)).toEqual([
      { caption: null },
    ]);
    expect(await direct().selectFrom('versionPictures').select('imageId').where('imageId', 'in', pictureIds(pictures)).execute()).toEqual(
      [],
    );
  });

  it('lets the pictures of versions pushed out of the history go after their quarter of an hour', async () => {
    const pictures: string[] = [];
    for (let seed = 0; seed < ITEM_VERSIONS_KEPT + 4; seed++)
      pictures.push(await uploadImage(suite.url, token, 20 + seed, { small: true }));
    const photo = await create(suite.url, token, '/api/admin/gallery', { imageUrl: pictures[0] });
    for (const imageUrl of pictures.slice(1)) expect((await as('PUT', `/api/admin/gallery/${photo.id}`, { imageUrl })).status).toBe(200);
    const versions = (await as('GET', `/api/admin/gallery/${photo.id}/versions`)).body as Version[];
    const held = new Set(versions.map((version) => version.content.imageUrl));
    // Twenty-three saves by one administrator: the newest twenty and the first (the text before
    // their run) are kept; the two between were pushed out, and their pictures let go.
    expect(held.size).toBe(ITEM_VERSIONS_KEPT + 1);
    const pushedOut = pictures.filter((url) => !held.has(url) && url !== pictures.at(-1));
    expect(pushedOut).toHaveLength(2);
    await moveFakeClock(clock, Date.now() + RELEASED_IMAGE_KEEP_MS + 60_000);
    const other = await create(suite.url, token, '/api/admin/gallery', {
      imageUrl: await uploadImage(suite.url, token, 60, { small: true }),
    });
    expect(
      (await as('PUT', `/api/admin/gallery/${other.id}`, { imageUrl: await uploadImage(suite.url, token, 61, { small: true }) })).status,
    ).toBe(200);
    await expect.poll(() => Promise.all(pushedOut.map(forAdmin)), { timeout: 10_000 }).toEqual([404, 404]);
    for (const url of pushedOut) expect(filesOf(url)).toEqual([]);
    expect(await Promise.all([...held].map((url) => forAdmin(url!)))).toEqual([...held].map(() => 200));
    await moveFakeClock(clock, Date.now());
  });
});

const pictureIds = (urls: string[]) => urls.map((url) => url.split('/').pop()!);
