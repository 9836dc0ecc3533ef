import { sql } from 'kysely';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { CLEANING_RULES_VERSION } from '../../src/core/news/cleaning-rules-version.ts';
import { eachDatabase } from '../setup/databases.ts';
import { useDirectDb } from '../setup/direct-db.ts';
import { useServer } from '../setup/server.ts';

// News stored under older rules is cleaned again at start, its pictures drawn again without their
// metadata (docs/decisions/081), in the background while pages are served. A start killed
// half-way loses nothing and the next goes on; a picture is never given out as it was stored; a
// page kept meanwhile is rendered anew once the cleaning is done.

const ROWS = 24;
const PICTURE_LINK = /src="(\/images\/text\/[^"]+)"/;

eachDatabase('news cleaned again at start on $kind', (db) => {
  const suite = useServer(db);
  const handle = useDirectDb(suite);

  const photo = () =>
    sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#7d3c98' } })
      .jpeg({ quality: 90 })
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
  /** Rows as code before the rules of pictures stored them, the last one in Recently deleted. */
  const storeOld = async (prefix: string) => {
    const picture = (await photo()).toString('base64');
    const ids = Array.from({ length: ROWS }, (_, n) => `${prefix}${db.kind}${String(n).padStart(2, '0')}`);
    for (const [n, id] of ids.entries()) {
      const content = `<p>Row ${n}</p><p><img src="data:image/jpeg;base64,${picture}" /></p>`;
      const deletedAt = n === ROWS - 1 ? '2026-11-20T09:00:00.000Z' : null;
      await sql`insert into news_items (id, title, content, content_text, cleaned_with, published_at, image_url, created_at, updated_at, deleted_at)
        values (${id}, ${`Old ${n}`}, ${content}, ${`Row ${n}`}, 1, '2026-10-01T09:00:00.000Z', null, '2026-10-01T09:00:00.000Z', '2026-10-01T09:00:00.000Z', ${deletedAt})`.execute(
        handle(),
      );
    }
    return { ids, picture };
  };
  const rows = (ids: string[]) =>
    handle().selectFrom('newsItems').select(['id', 'content', 'cleanedWith']).where('id', 'in', ids).orderBy('id').execute();
  const settledCount = async (ids: string[]) => (await rows(ids)).filter((row) => row.cleanedWith === CLEANING_RULES_VERSION).length;
  const expectSettled = async (ids: string[]) => {
    for (const row of await rows(ids)) {
      const picture = /^<p>Row \d+<\/p><p><img src="data:image\/webp;base64,([^"]+)" width="1024" height="683" \/><\/p>$/.exec(row.content);
      expect(picture, `${row.id}: ${row.content.slice(0, 80)}`).not.toBeNull();
      expect((await sharp(Buffer.from(picture![1]!, 'base64')).metadata()).exif).toBeUndefined();
    }
  };

  it('goes on after a start killed half-way, losing nothing, the recently deleted included', async () => {
    const { ids, picture } = await storeOld('killed');
    await suite.restart();
    await expect.poll(() => settledCount(ids), { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(2);
    await suite.restart('SIGKILL');

    const between = await rows(ids);
    expect(between).toHaveLength(ROWS);
    const untouched = between.filter((row) => row.cleanedWith !== CLEANING_RULES_VERSION);
    // Killed before it was done: each row either as it was or cleaned, never half-written.
    expect(untouched.length).toBeGreaterThan(0);
    for (const row of untouched) expect(row.content).toContain(picture);

    await expect.poll(() => settledCount(ids), { timeout: 30_000 }).toBe(ROWS);
    await expectSettled(ids);
  });

  it('gives out no picture of a row before it is cleaned, and renders pages kept meanwhile anew', async () => {
    const { ids } = await storeOld('kept');
    const last = ids.at(-2)!;
    await suite.restart();
    const early = await fetch(`${suite.url}/news/${last}`).then((response) => response.text());
    // Read while the start was still cleaning, as a visitor arriving then.
    expect((await rows([last]))[0]!.cleanedWith).toBe(1);
    const earlyLink = PICTURE_LINK.exec(early)?.[1];
    expect(earlyLink, early.slice(0, 200)).toBeDefined();
    expect((await fetch(`${suite.url}${earlyLink}`)).status).toBe(404);

    await expect.poll(() => settledCount(ids), { timeout: 30_000 }).toBe(ROWS);
    await expectSettled(ids);
    // The page is not the one kept before: it links the picture as it is now kept, and that is given out.
    await expect
      .poll(async () => PICTURE_LINK.exec(await fetch(`${suite.url}/news/${last}`).then((response) => response.text()))?.[1])
      .not.toBe(earlyLink);
    const link = PICTURE_LINK.exec(await fetch(`${suite.url}/news/${last}`).then((response) => response.text()))![1]!;
    const file = await fetch(`${suite.url}${link}`);
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).exif).toBeUndefined();
  });
});
