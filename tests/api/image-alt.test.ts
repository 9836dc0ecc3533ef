import { beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { create, daysFromNow, put, uploadImage } from '../setup/fill-site.ts';
import { useServer } from '../setup/server.ts';

// An optional description of each image for visitors who cannot see it, used as its alt text
// on the pages and in the feed; the gallery falls back to the caption, news and events to the title.

eachDatabase('image descriptions on $kind', (db) => {
  const suite = useServer(db);
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });

  it('keeps the description and puts it in the public HTML and the feed', async () => {
    const image = await uploadImage(suite.url, token, 8);
    const news = await create(suite.url, token, '/api/admin/news', {
      title: 'Raft race',
      content: '<p>x</p>',
      publishedAt: '2026-11-01',
      imageUrl: image,
      imageAlt: 'Four dads paddling a raft made of <blue> barrels & planks',
    });
    expect(news.imageAlt).toBe('Four dads paddling a raft made of <blue> barrels & planks');
    const event = await create(suite.url, token, '/api/admin/events', {
      name: 'Den day',
      date: daysFromNow(4),
      comment: 'x',
      bookingUrl: 'https://booking.test/d',
      imageUrl: image,
      imageAlt: 'A den of branches under an oak',
    });
    const described = await create(suite.url, token, '/api/admin/gallery', {
      imageUrl: image,
      caption: 'Kite day',
      imageAlt: 'A red kite above the field',
    });
    await create(suite.url, token, '/api/admin/gallery', { imageUrl: image, caption: 'Only a caption' });

    const newsPage = await call(suite, 'GET', `/news/${news.id}`);
    expect(newsPage.text).toContain('alt="Four dads paddling a raft made of &lt;blue&gt; barrels &amp; planks"');
    expect(newsPage.text).toMatch(
      /<meta property="og:image:alt" content="Four dads paddling a raft made of (&lt;|<)blue(&gt;|>) barrels &amp; planks"/,
    );
    expect((await call(suite, 'GET', '/events')).text).toContain('alt="A den of branches under an oak"');
    expect((await call(suite, 'GET', `/events/${event.id}`)).text).toContain('alt="A den of branches under an oak"');
    const gallery = (await call(suite, 'GET', '/gallery')).text;
    expect(gallery).toContain('aria-label="Open image: A red kite above the field"');
    expect(gallery).toContain('aria-label="Open image: Only a caption"');
    expect((await call(suite, 'GET', '/rss.xml')).text).toMatch(/alt=(&quot;|")Four dads paddling a raft made of /);

    // An edit that leaves it out keeps it; an empty one removes it (the title is used again).
    const kept = await put(suite.url, token, `/api/admin/gallery/${described.id}`, { imageUrl: image, caption: 'Kite day!' });
    expect(kept.imageAlt).toBe('A red kite above the field');
    const cleared = await put(suite.url, token, `/api/admin/news/${news.id}`, {
      title: 'Raft race',
      publishedAt: '2026-11-01',
      imageUrl: image,
      imageAlt: '',
    });
    expect(cleared.imageAlt).toBeNull();
    expect((await call(suite, 'GET', `/news/${news.id}`)).text).toContain('alt="Raft race"');
  });

  it('refuses a description that is too long or holds control characters, naming the field', async () => {
    const image = await uploadImage(suite.url, token, 9);
    const long = await call(suite, 'POST', '/api/admin/gallery', { token, body: { imageUrl: image, imageAlt: 'x'.repeat(301) } });
    expect(long.status).toBe(400);
    expect(long.body.errors.imageAlt).toMatch(/Image description must be at most 300 characters/);
    const nul = await call(suite, 'POST', '/api/admin/gallery', { token, body: { imageUrl: image, imageAlt: 'a\u0000b' } });
    expect(nul.status).toBe(400);
    expect(nul.body.errors.imageAlt).toBeDefined();
  });
});
