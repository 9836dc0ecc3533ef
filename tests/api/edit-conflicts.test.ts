import { beforeAll, describe, expect, it } from 'vitest';
import { call, login } from '../setup/api-client.ts';
import { eachDatabase } from '../setup/databases.ts';
import { create, uploadImage } from '../setup/fill-site.ts';
import { useServer } from '../setup/server.ts';

// Two administrators (or one, on a phone and a laptop) editing the same item: the second save,
// made from the item as it was before the first, must not silently undo it. The admin app sends
// the version it opened the form with in If-Match; the API answers 412 if the item has moved on.

interface Kind {
  name: string;
  admin: string;
  list: string;
  noun: string;
  make: (image: string) => Record<string, unknown>;
  change: (label: string) => Record<string, unknown>;
  label: (item: Record<string, unknown>) => unknown;
}

const KINDS: Kind[] = [
  {
    name: 'news items',
    admin: '/api/admin/news',
    list: '/api/news',
    noun: 'news item',
    make: () => ({ title: 'Fair', content: '<p>x</p>', publishedAt: '2026-11-01' }),
    change: (label) => ({ title: label, content: '<p>x</p>', publishedAt: '2026-11-01' }),
    label: (item) => item.title,
  },
  {
    name: 'events',
    admin: '/api/admin/events',
    list: '/api/events',
    noun: 'event',
    make: () => ({ name: 'Picnic', date: '2026-12-01T10:00', comment: 'Food', bookingUrl: 'https://example.org/book' }),
    change: (label) => ({ name: label, date: '2026-12-01T10:00', comment: 'Food', bookingUrl: 'https://example.org/book' }),
    label: (item) => item.name,
  },
  {
    name: 'gallery images',
    admin: '/api/admin/gallery',
    list: '/api/gallery',
    noun: 'gallery image',
    make: (image) => ({ imageUrl: image, caption: 'First' }),
    change: (label) => ({ caption: label }),
    label: (item) => item.caption,
  },
];

eachDatabase('edit conflicts on $kind', (db) => {
  const suite = useServer(db);
  let token: string;
  let image: string;
  beforeAll(async () => {
    token = await login(suite);
    image = await uploadImage(suite.url, token, 1);
  });
  const put = (kind: Kind, id: string, body: Record<string, unknown>, ifMatch?: string) =>
    call(suite, 'PUT', `${kind.admin}/${id}`, {
      token,
      body: kind.name === 'gallery images' ? { imageUrl: image, ...body } : body,
      headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
    });
  const stored = async (kind: Kind, id: string) =>
    ((await call(suite, 'GET', kind.list)).body as Record<string, unknown>[]).find((item) => item.id === id)!;

  for (const kind of KINDS) {
    describe(kind.name, () => {
      it('refuses a save made from the item as it was before another save, and says how to go on', async () => {
        const item = await create(suite.url, token, kind.admin, kind.make(image));
        const opened = `"${item.updatedAt}"`;
        // The first administrator saves from the version both opened.
        const first = await put(kind, item.id, kind.change('From the laptop'), opened);
        expect(first.status, first.text).toBe(200);
        const afterFirst = first.headers.get('etag');
        expect(afterFirst).toBe(`"${first.body.updatedAt}"`);
        expect(afterFirst).not.toBe(opened);
        // The second saves from the same, older version: refused, and nothing is changed.
        const second = await put(kind, item.id, kind.change('From the phone'), opened);
        expect(second.status).toBe(412);
        expect(second.body.message).toBe(
          `This ${kind.noun} was changed by someone else after you opened it. Save again to replace their changes, or close this form to see them.`,
        );
        expect(second.headers.get('etag')).toBe(afterFirst);
        expect(kind.label(await stored(kind, item.id))).toBe('From the laptop');
        // Saving again with the version the 412 named replaces the other change, knowingly.
        const replace = await put(kind, item.id, kind.change('From the phone'), afterFirst!);
        expect(replace.status).toBe(200);
        expect(kind.label(await stored(kind, item.id))).toBe('From the phone');
        // Clients that name no version (scripts, SPEC §7 as written) save as before; so does *.
        expect((await put(kind, item.id, kind.change('From a script'))).status).toBe(200);
        expect((await put(kind, item.id, kind.change('Any version'), '*')).status).toBe(200);
        expect(kind.label(await stored(kind, item.id))).toBe('Any version');
      });

      it('lets exactly one of ten saves from the same version through, sent at once', async () => {
        const item = await create(suite.url, token, kind.admin, kind.make(image));
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, n) => put(kind, item.id, kind.change(`Save ${n}`), `"${item.updatedAt}"`)),
        );
        const statuses = answers.map((answer) => answer.status).sort();
        expect(statuses).toEqual([200, ...Array(9).fill(412)]);
        const winner = answers.find((answer) => answer.status === 200)!;
        expect(kind.label(await stored(kind, item.id))).toBe(kind.label(winner.body));
      });
    });
  }

  it('guards the information pages and the settings the same way, with the version in the ETag of their answers', async () => {
    const records = [
      {
        read: '/api/who-we-are',
        write: '/api/admin/who-we-are',
        what: 'page',
        body: (text: string) => ({ aboutUs: text, whoAreWe: 'Dads' }),
      },
      {
        read: '/api/what-we-do',
        write: '/api/admin/what-we-do',
        what: 'page',
        body: (text: string) => ({ mission: text, activities: 'Games', impact: 'Fun' }),
      },
      {
        read: '/api/settings',
        write: '/api/admin/settings',
        what: 'settings page',
        body: (text: string) => ({ clubName: 'Dads Club', tagline: text }),
      },
    ];
    for (const record of records) {
      const first = await call(suite, 'GET', record.read);
      // Never saved: every site starts from the same version.
      expect(first.headers.get('etag'), record.read).toBe('"1970-01-01T00:00:00.000Z"');
      const laptop = await call(suite, 'PUT', record.write, {
        token,
        body: record.body('From the laptop'),
        headers: { 'if-match': first.headers.get('etag')! },
      });
      expect(laptop.status, laptop.text).toBe(200);
      const saved = laptop.headers.get('etag');
      expect(saved).toMatch(/^"\d{4}-\d\d-\d\dT[\d:.]+Z"$/);
      expect((await call(suite, 'GET', record.read)).headers.get('etag')).toBe(saved);
      const phone = await call(suite, 'PUT', record.write, {
        token,
        body: record.body('From the phone'),
        headers: { 'if-match': first.headers.get('etag')! },
      });
      expect(phone.status, record.write).toBe(412);
      expect(phone.body.message).toBe(
        `This ${record.what} was changed by someone else after you opened it. Save again to replace their changes, or close this form to see them.`,
      );
      expect(phone.headers.get('etag')).toBe(saved);
      expect(JSON.stringify((await call(suite, 'GET', record.read)).body)).toContain('From the laptop');
      const again = await call(suite, 'PUT', record.write, { token, body: record.body('From the phone'), headers: { 'if-match': saved! } });
      expect(again.status).toBe(200);
      expect(JSON.stringify((await call(suite, 'GET', record.read)).body)).toContain('From the phone');
      expect((await call(suite, 'PUT', record.write, { token, body: record.body('From a script') })).status).toBe(200);
    }
  });

  it('keeps every field of partial saves of an information page sent at once (each reads and writes the page alone)', async () => {
    const pages = [
      { url: '/api/admin/who-we-are', read: '/api/who-we-are', fields: ['aboutUs', 'whoAreWe', 'contactEmail'] },
      { url: '/api/admin/what-we-do', read: '/api/what-we-do', fields: ['mission', 'activities', 'impact'] },
    ];
    for (const page of pages) {
      for (let round = 0; round < 15; round++) {
        const value = (field: string) => (field === 'contactEmail' ? `round${round}@example.org` : `${field} ${round}`);
        const answers = await Promise.all(
          page.fields.map((field) => call(suite, 'PUT', page.url, { token, body: { [field]: value(field) } })),
        );
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
        const stored = (await call(suite, 'GET', page.read)).body;
        expect(stored, `${page.url} round ${round}`).toEqual(Object.fromEntries(page.fields.map((field) => [field, value(field)])));
      }
    }
  });

  it('refuses an If-Match it cannot read with a 400 that names the header', async () => {
    const item = await create(suite.url, token, '/api/admin/news', KINDS[0]!.make(image));
    for (const header of [item.updatedAt, `W/"${item.updatedAt}"`, `"${item.updatedAt}", "other"`]) {
      const answer = await put(KINDS[0]!, item.id, KINDS[0]!.change('x'), header);
      expect(answer.status, header).toBe(400);
      expect(answer.body.errors).toHaveProperty('If-Match');
    }
    expect((await put(KINDS[0]!, 'nosuchitem', KINDS[0]!.change('x'), `"${item.updatedAt}"`)).status).toBe(404);
  });
});

// The very first saves of a single record, sent at once: none of them finds a row to lock, so
// each makes the empty placeholder first and the others wait on its key.
eachDatabase('first saves of the single records on $kind', (db) => {
  const suite = useServer(db);
  it('keeps every field of partial first saves sent at once, and refuses all but one from the never-saved version', async () => {
    const token = await login(suite);
    const answers = await Promise.all([
      call(suite, 'PUT', '/api/admin/who-we-are', { token, body: { aboutUs: 'About' } }),
      call(suite, 'PUT', '/api/admin/who-we-are', { token, body: { whoAreWe: 'Who' } }),
      call(suite, 'PUT', '/api/admin/who-we-are', { token, body: { contactEmail: 'dads@example.org' } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect((await call(suite, 'GET', '/api/who-we-are')).body).toEqual({
      aboutUs: 'About',
      whoAreWe: 'Who',
      contactEmail: 'dads@example.org',
    });
    const never = '"1970-01-01T00:00:00.000Z"';
    const saves = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        call(suite, 'PUT', '/api/admin/what-we-do', { token, body: { mission: `Mission ${n}` }, headers: { 'if-match': never } }),
      ),
    );
    expect(saves.map((answer) => answer.status).sort()).toEqual([200, 412, 412, 412, 412]);
  });
});
