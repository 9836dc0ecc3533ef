import { beforeAll, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { photoSite, photoSiteEnv } from '../setup/photo-site.ts';
import { useServer } from '../setup/server.ts';
import { eachDatabase } from '../setup/databases.ts';

const validNews = { title: 'Hello', publishedAt: '2026-11-01', content: '<p>x</p>' };
const validEvent = { name: 'Fair', date: '2026-12-01T10:00:00Z', comment: 'Fun', bookingUrl: 'https://tickets.example.org' };

eachDatabase('validation on $kind', (db) => {
  const suite = useServer(db, photoSiteEnv);
  let token: string;
  beforeAll(async () => {
    token = await login(suite);
  });
  const as = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    call(suite, method, path, { token, body, ...(headers ? { headers } : {}) });

  async function expectFieldError(method: string, path: string, body: unknown, field: string, message: string | RegExp) {
    const response = await as(method, path, body);
    expect(response.status, JSON.stringify(body)).toBe(400);
    expect(response.body.message).toEqual(expect.any(String));
    expect(response.body.message.length).toBeGreaterThan(0);
    expect(response.body.errors?.[field], JSON.stringify(response.body)).toMatch(message);
  }

  it('login: username and password are both required', async () => {
    const missing = await call(suite, 'POST', '/api/admin/login', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ username: 'Username is required', password: 'Password is required' });
    const blank = await call(suite, 'POST', '/api/admin/login', { body: { username: '  ', password: '' } });
    expect(blank.body.errors).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('news: title and publication date are required; the image is optional but must be safe', async () => {
    await expectFieldError('POST', '/api/admin/news', { ...validNews, title: undefined }, 'title', 'Title is required');
    await expectFieldError('POST', '/api/admin/news', { ...validNews, title: '   ' }, 'title', 'Title is required');
    await expectFieldError('POST', '/api/admin/news', { ...validNews, title: 'x'.repeat(201) }, 'title', /at most 200/);
    await expectFieldError(
      'POST',
      '/api/admin/news',
      { ...validNews, publishedAt: undefined },
      'publishedAt',
      'Publication date is required',
    );
    await expectFieldError('POST', '/api/admin/news', { ...validNews, publishedAt: 'next week' }, 'publishedAt', /valid date/);
    await expectFieldError('POST', '/api/admin/news', { ...validNews, publishedAt: 20261101 }, 'publishedAt', /must be a date/);
    await expectFieldError('POST', '/api/admin/news', { ...validNews, content: 42 }, 'content', /must be text/);
    for (const imageUrl of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/etc/passwd',
      '/images/../secret',
      'ftp://x.org/a.png',
      '//evil.org/a.png',
    ]) {
      await expectFieldError('POST', '/api/admin/news', { ...validNews, imageUrl }, 'imageUrl', /http/);
    }
    expect((await as('POST', '/api/admin/news', { ...validNews, imageUrl: null })).status).toBe(201);
    expect((await as('POST', '/api/admin/news', { title: 'No content', publishedAt: '2026-01-01' })).status).toBe(201);
  });

  it('events: name, date, booking URL and description are required; booking URL is http or https only', async () => {
    await expectFieldError('POST', '/api/admin/events', { ...validEvent, name: '' }, 'name', 'Event name is required');
    await expectFieldError('POST', '/api/admin/events', { ...validEvent, date: undefined }, 'date', 'Date is required');
    await expectFieldError('POST', '/api/admin/events', { ...validEvent, date: '2026-02-30' }, 'date', /valid date/);
    await expectFieldError('POST', '/api/admin/events', { ...validEvent, comment: undefined }, 'comment', 'Description is required');
    await expectFieldError('POST', '/api/admin/events', { ...validEvent, bookingUrl: undefined }, 'bookingUrl', 'Booking URL is required');
    for (const bookingUrl of ['javascript:alert(1)', 'data:text/html,hi', 'tickets', 'mailto:a@b.org', 'http://', 'localhost:3000/a']) {
      await expectFieldError('POST', '/api/admin/events', { ...validEvent, bookingUrl }, 'bookingUrl', /http:\/\/ or https:\/\//);
    }
    await expectFieldError('POST', '/api/admin/events', { ...validEvent, location: 'x'.repeat(201) }, 'location', /at most 200/);
    await expectFieldError('POST', '/api/admin/events', { ...validEvent, imageUrl: 'javascript:x' }, 'imageUrl', /http/);
    const created = await as('POST', '/api/admin/events', validEvent);
    expect(created.status).toBe(201);
    // Typed as people type them (docs/decisions/076): completed with https:// and kept so.
    const bare = await as('POST', '/api/admin/events', { ...validEvent, bookingUrl: ' www.eventbrite.co.uk/e/123 ' });
    expect([bare.status, bare.body.bookingUrl]).toEqual([201, 'https://www.eventbrite.co.uk/e/123']);
    await expectFieldError(
      'PUT',
      `/api/admin/events/${created.body.id}`,
      { ...validEvent, name: undefined },
      'name',
      'Event name is required',
    );
  });

  it('gallery: an image URL is required on add and edit', async () => {
    await expectFieldError('POST', '/api/admin/gallery', { caption: 'x' }, 'imageUrl', 'Please upload or enter an image URL');
    await expectFieldError('POST', '/api/admin/gallery', { imageUrl: '' }, 'imageUrl', 'Please upload or enter an image URL');
    await expectFieldError('POST', '/api/admin/gallery', { imageUrl: 'javascript:alert(1)' }, 'imageUrl', /http/);
    const added = await as('POST', '/api/admin/gallery', { imageUrl: `${photoSite()}/a.png` });
    expect(added.status).toBe(201);
    await expectFieldError(
      'PUT',
      `/api/admin/gallery/${added.body.id}`,
      { imageUrl: '  ' },
      'imageUrl',
      'Please upload or enter an image URL',
    );
  });

  it('who we are: the contact email must be a valid address (or blank)', async () => {
    await expectFieldError('PUT', '/api/admin/who-we-are', { contactEmail: 'not-an-email' }, 'contactEmail', /valid email/);
    expect((await as('PUT', '/api/admin/who-we-are', { contactEmail: '' })).status).toBe(200);
    await expectFieldError('PUT', '/api/admin/who-we-are', { aboutUs: 7 }, 'aboutUs', /must be text/);
    await expectFieldError('PUT', '/api/admin/what-we-do', { mission: 'x'.repeat(10_001) }, 'mission', /at most/);
  });

  it('email addresses: as pasted from a mail program, the address; a ZWSP or a query refused', async () => {
    const settings = await as('PUT', '/api/admin/settings', { contactEmail: 'Oakfield Dads <mailto:dads@oakfield.example.org>' });
    expect(settings.status).toBe(200);
    expect(settings.body.contactEmail).toBe('dads@oakfield.example.org');
    expect(await (await fetch(`${suite.url}/`)).text()).toContain('href="mailto:dads@oakfield.example.org"');
    const page = await as('PUT', '/api/admin/who-we-are', { contactEmail: ' mailto:väter@schule.example ' });
    expect(page.status).toBe(400);
    expect((await as('PUT', '/api/admin/who-we-are', { contactEmail: ' mailto:dads@schüle.example ' })).body.contactEmail).toBe(
      'dads@schüle.example',
    );
    for (const contactEmail of ['dads@oakfield.example.org\u200b', 'dads@oakfield.example.org?bcc=all@example.net', 'dads@[127.0.0.1]']) {
      await expectFieldError('PUT', '/api/admin/settings', { contactEmail }, 'contactEmail', /valid email/);
      await expectFieldError('PUT', '/api/admin/who-we-are', { contactEmail }, 'contactEmail', /valid email/);
    }
  });

  it('settings: links are http or https, the email valid, the club name not blank', async () => {
    await expectFieldError('PUT', '/api/admin/settings', { messagingGroupUrl: 'javascript:alert(1)' }, 'messagingGroupUrl', /http/);
    await expectFieldError('PUT', '/api/admin/settings', { socialGroupUrl: 'facebook' }, 'socialGroupUrl', /http/);
    await expectFieldError('PUT', '/api/admin/settings', { contactEmail: 'nope' }, 'contactEmail', /valid email/);
    await expectFieldError('PUT', '/api/admin/settings', { clubName: ' ' }, 'clubName', 'Club name is required');
    await expectFieldError('PUT', '/api/admin/settings', { logoUrl: 'data:image/png;base64,AAAA' }, 'logoUrl', /http/);
  });

  it('answers 415 to a body that is not JSON, 400 to broken JSON, 413 past 1 MB', async () => {
    const form = await as('POST', '/api/admin/news', 'title=x', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect(form.body.message).toMatch(/JSON/);
    const noType = await call(suite, 'POST', '/api/admin/news', {
      token,
      body: JSON.stringify(validNews),
      headers: { 'content-type': 'text/plain' },
    });
    expect(noType.status).toBe(415);
    const broken = await as('POST', '/api/admin/news', '{"title": ');
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('The request body is not valid JSON.');
    const huge = await as('POST', '/api/admin/news', { ...validNews, content: 'x'.repeat(1024 * 1024 + 10) });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/too large/);
  });

  it('never answers 500 to hostile or odd input', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      true,
      { title: {} },
      { title: ['a'], publishedAt: {} },
      { __proto__: { admin: true } },
      { title: 'x', publishedAt: '2026-01-01', imageUrl: 12 },
      { title: '\u0000', publishedAt: '9999-99-99' },
    ];
    const targets = ['/api/admin/news', '/api/admin/events', '/api/admin/gallery'];
    for (const path of targets) {
      for (const body of bodies) {
        const response = await as('POST', path, JSON.stringify(body));
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      }
    }
    for (const path of ['/api/admin/who-we-are', '/api/admin/what-we-do', '/api/admin/settings']) {
      for (const body of bodies) {
        const response = await as('PUT', path, JSON.stringify(body));
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
    const weirdIds = ['%00', 'a'.repeat(300), '%E0%A4%A', 'DROP TABLE'];
    for (const id of weirdIds) {
      const response = await as('PUT', `/api/admin/news/${id}`, validNews);
      expect(response.status, id).toBeLessThan(500);
    }
  });
});
