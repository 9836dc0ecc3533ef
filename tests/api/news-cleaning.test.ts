import { sql } from 'kysely';
import sharp from 'sharp';
import { CLEANING_RULES_VERSION } from '../../src/core/news/cleaning-rules-version.ts';
import { beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { useDirectDb } from '../setup/direct-db.ts';
import { useServer } from '../setup/server.ts';
import { eachDatabase } from '../setup/databases.ts';

// News HTML is cleaned once, when written (issue 13): views show what is stored. Rows written
// before that (or under older rules) are cleaned as they are read, and again for good at start.

const DIRTY =
  '<p onclick="steal()">Hello <b>there</b></p><script>alert(1)</script><img src="https://photos.example.org/a.png" onerror="x()">';

eachDatabase('news content cleaned on write on $kind', (db) => {
  const suite = useServer(db);
  const handle = useDirectDb(suite);
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });

  const stored = (id: string) =>
    handle().selectFrom('newsItems').select(['content', 'contentText', 'cleanedWith']).where('id', '=', id).executeTakeFirstOrThrow();

  it('stores the cleaned HTML, its text and the rules version when news is written', async () => {
    const created = await call(suite, 'POST', '/api/admin/news', {
      token,
      body: { title: 'Clean', publishedAt: '2026-11-01', content: DIRTY },
    });
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('text');
    const row = await stored(created.body.id);
    expect(row.content).toBe('<p>Hello <b>there</b></p><img src="https://photos.example.org/a.png" />');
    expect(row.contentText).toBe('Hello there');
    expect(row.cleanedWith).toBe(CLEANING_RULES_VERSION);

    const updated = await call(suite, 'PUT', `/api/admin/news/${created.body.id}`, {
      token,
      body: { title: 'Clean', publishedAt: '2026-11-01', content: '<p>Fish &amp; chips<iframe src="https://evil.example/x"></iframe></p>' },
    });
    expect(updated.status).toBe(200);
    expect(await stored(created.body.id)).toEqual({
      content: '<p>Fish &amp; chips</p>',
      contentText: 'Fish & chips',
      cleanedWith: CLEANING_RULES_VERSION,
    });
  });

  it('keeps pictures in the text without their metadata, at most 1024 px, and counts them apart from the words', async () => {
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#2e86c1' } })
      .jpeg({ quality: 80 })
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    const words = 'w'.repeat(190_000);
    const content = `<p>${words}</p><p><img src="data:image/jpeg;base64,${photo.toString('base64')}" alt="Sports day"></p>`;
    // 190,000 characters of words and more of picture: within the words' limit.
    expect(content.length).toBeGreaterThan(200_000);
    const created = await call(suite, 'POST', '/api/admin/news', {
      token,
      body: { title: 'Pictures', publishedAt: '2026-11-01', content },
    });
    expect(created.status, JSON.stringify(created.body).slice(0, 300)).toBe(201);
    const shown = /src="data:image\/webp;base64,([^"]+)" alt="Sports day" width="1024" height="683" \/>/.exec(created.body.content);
    expect(shown).not.toBeNull();
    const meta = await sharp(Buffer.from(shown![1]!, 'base64')).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([1024, 683, undefined]);
    expect((await stored(created.body.id)).content).toBe(created.body.content);
    // Visitors' pages load it as a file of its own, and keep its place before it has loaded.
    const id = created.body.id as string;
    const page = await (await fetch(`${suite.url}/news`)).text();
    expect(page).not.toContain('data:image');
    const src = new RegExp(
      `<img src="(/images/text/${id}/[A-Za-z0-9_-]{22}\\.webp)" alt="Sports day" width="1024" height="683" loading="lazy"`,
    ).exec(page)?.[1];
    expect(src, page.slice(page.indexOf('Sports day') - 300, page.indexOf('Sports day') + 100)).toBeDefined();
    const file = await fetch(`${suite.url}${src}`);
    expect([file.status, file.headers.get('content-type'), file.headers.get('cache-control')]).toEqual([
      200,
      'image/webp',
      'public, max-age=31536000, s-maxage=3600, immutable',
    ]);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(Buffer.from(shown![1]!, 'base64'));
    expect(await (await fetch(`${suite.url}/news/${id}`)).text()).toContain(`src="${src}"`);
    expect(await (await fetch(`${suite.url}/rss.xml`)).text()).toContain(`${suite.url.replace('127.0.0.1', 'localhost')}${src}`);
    expect((await fetch(`${suite.url}${src!.replace(/\.webp$/, '.png')}`)).status).toBe(404);
    expect((await fetch(`${suite.url}/images/text/nosuchitem/${src!.split('/').pop()}`)).status).toBe(404);

    const tooLong = await call(suite, 'POST', '/api/admin/news', {
      token,
      body: { title: 'Too long', publishedAt: '2026-11-01', content: `<p>${'w'.repeat(200_001)}</p>` },
    });
    expect([tooLong.status, tooLong.body.errors]).toEqual([400, { content: 'Content must be at most 200000 characters' }]);
    const big = Buffer.alloc(540_000, 7).toString('base64');
    const tooManyPictures = await call(suite, 'POST', '/api/admin/news', {
      token,
      body: { title: 'Pictures', publishedAt: '2026-11-01', content: `<p><img src="data:image/png;base64,${big}"></p>` },
    });
    expect([tooManyPictures.status, tooManyPictures.body.errors]).toEqual([
      400,
      { content: 'The pictures in the text are too large together. Remove one, or add the photo as the news image instead.' },
    ]);
    const damaged = await call(suite, 'PUT', `/api/admin/news/${created.body.id}`, {
      token,
      body: {
        title: 'Pictures',
        publishedAt: '2026-11-01',
        content: `<p><img src="data:image/jpeg;base64,${photo.subarray(0, 3000).toString('base64')}"></p>`,
      },
    });
    expect([damaged.status, damaged.body.errors]).toEqual([
      400,
      { content: 'A picture in the text could not be read. Remove it and add it again, or add the photo as the news image instead.' },
    ]);
    expect((await stored(created.body.id)).content).toBe(created.body.content);

    // Taken out of the text, or the item deleted: not found.
    const without = await call(suite, 'PUT', `/api/admin/news/${id}`, {
      token,
      body: { title: 'Pictures', publishedAt: '2026-11-01', content: '<p>Words</p>' },
    });
    expect(without.status).toBe(200);
    expect((await fetch(`${suite.url}${src}`)).status).toBe(404);
    const again = await call(suite, 'PUT', `/api/admin/news/${id}`, {
      token,
      body: { title: 'Pictures', publishedAt: '2026-11-01', content },
    });
    expect(again.status).toBe(200);
    expect((await fetch(`${suite.url}${src}`)).status).toBe(200);
    expect((await call(suite, 'DELETE', `/api/admin/news/${id}`, { token })).status).toBe(200);
    expect((await fetch(`${suite.url}${src}`)).status).toBe(404);
  });

  it('draws again at the next start the pictures older code stored in the text with their metadata, and drops one no browser could show', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#7d3c98' } })
      .jpeg({ quality: 80 })
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    const id = `pictures${db.kind}`;
    const content = `<p>Old</p><p><img src="data:image/jpeg;base64,${photo.toString('base64')}" /><img src="data:image/png;base64,${photo.subarray(0, 500).toString('base64')}" /></p>`;
    await sql`insert into news_items (id, title, content, content_text, cleaned_with, published_at, image_url, created_at, updated_at)
      values (${id}, 'Old pictures', ${content}, 'Old', 1, '2026-10-01T09:00:00.000Z', null, '2026-10-01T09:00:00.000Z', '2026-10-01T09:00:00.000Z')`.execute(
      handle(),
    );
    await suite.restart();
    await expect.poll(async () => (await stored(id)).cleanedWith, { timeout: 10_000 }).toBe(CLEANING_RULES_VERSION);
    const kept = (await stored(id)).content;
    const picture = /^<p>Old<\/p><p><img src="data:image\/webp;base64,([^"]+)" width="1024" height="768" \/><\/p>$/.exec(kept);
    expect(picture, kept.slice(0, 120)).not.toBeNull();
    expect((await sharp(Buffer.from(picture![1]!, 'base64')).metadata()).exif).toBeUndefined();
  });

  it('cleans a row stored by older code as it is read, and stores it cleaned at the next start', async () => {
    const id = `old${db.kind}`;
    await sql`insert into news_items (id, title, content, published_at, image_url, created_at, updated_at)
      values (${id}, 'Old', ${DIRTY}, '2026-10-01T09:00:00.000Z', null, '2026-10-01T09:00:00.000Z', '2026-10-01T09:00:00.000Z')`.execute(
      handle(),
    );
    expect((await stored(id)).cleanedWith).toBe(0);

    const api = await call(suite, 'GET', `/api/news/${id}`);
    expect(api.body.content).toBe('<p>Hello <b>there</b></p><img src="https://photos.example.org/a.png" />');
    const page = await fetch(`${suite.url}/news/${id}`).then((response) => response.text());
    expect(page).not.toMatch(/steal\(\)|alert\(1\)|onerror/);
    expect(page).toContain('<meta name="description" content="Hello there">');
    expect(page).toContain('loading="lazy"');

    await suite.restart();
    await expect.poll(async () => (await stored(id)).cleanedWith, { timeout: 10_000 }).toBe(CLEANING_RULES_VERSION);
    expect(await stored(id)).toEqual({
      content: '<p>Hello <b>there</b></p><img src="https://photos.example.org/a.png" />',
      contentText: 'Hello there',
      cleanedWith: CLEANING_RULES_VERSION,
    });
    const after = await fetch(`${suite.url}/news/${id}`).then((response) => response.text());
    expect(after).not.toMatch(/steal\(\)|alert\(1\)|onerror/);
    // Cleaning again is not an edit.
    expect((await call(suite, 'GET', `/api/news/${id}`)).body.updatedAt).toBe('2026-10-01T09:00:00.000Z');
  });
});
