// For npm run bench: a site with years of content (10,000 news items, 2,000 events, 5,000
// photos), written through the services in one transaction so that it takes seconds.
import { loadConfig } from '../src/core/config.ts';
import { createContext } from '../src/core/context.ts';
import { createEventsService } from '../src/core/events/events.service.ts';
import { createGalleryService } from '../src/core/gallery/gallery.service.ts';
import { createLogger } from '../src/core/logger.ts';
import { createNewsService } from '../src/core/news/news.service.ts';
import type { WithImageRelease } from '../src/core/shared/image-release.ts';

export const LARGE_SITE = { news: 10_000, events: 2_000, photos: 5_000 };

export const SMALL_SITE = { news: 10, events: 10, photos: 10 };

/** Fills DATA_DIR's SQLite database with `counts` items of each kind, like years of a club's use. */
export async function fillSite(dataDir: string, counts: typeof LARGE_SITE = LARGE_SITE): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, SITE_TIMEZONE: 'Europe/London' });
  const app = await createContext(config, createLogger('warn'));
  const day = 86_400_000;
  const start = Date.now() - 5 * 365 * day;
  try {
    await app.db.transaction().execute(async (trx) => {
      // Nothing is released while filling: every write runs in this one transaction.
      const withImageRelease: WithImageRelease = (work) => work(trx, async () => {});
      // Stored images only: no address to fetch.
      const checkImageUrl = () => Promise.resolve();
      const news = createNewsService({ db: trx, timeZone: config.timeZone, withImageRelease, checkImageUrl });
      const checkBookingPage = () => Promise.resolve(null);
      const events = createEventsService({ db: trx, timeZone: config.timeZone, withImageRelease, checkImageUrl, checkBookingPage });
      const gallery = createGalleryService({ db: trx, withImageRelease, checkImageUrl });
      for (let i = 0; i < counts.news; i++) {
        const content = `<p>News item ${i}: the club met on the field, <strong>thirty</strong> dads came, and the children built a raft.</p><p>Next time we bring sandwiches.</p>`;
        await news.create({
          title: `News item number ${i}`,
          content,
          publishedAt: new Date(start + i * 4 * 3_600_000).toISOString(),
          imageUrl: null,
          imageAlt: null,
        });
      }
      // The first five start in the coming days and the rest are past, whatever the count: the
      // first page then has the same five upcoming events (with booking and share buttons) on a
      // small site and a large one, so the two renders compare like with like.
      for (let i = 0; i < counts.events; i++) {
        const date = new Date(Date.now() + (5 - i) * day).toISOString();
        await events.create({
          name: `Event number ${i}`,
          date,
          location: 'The school field',
          bookingUrl: `https://booking.example.org/e/${i}`,
          comment: 'Bring boots and a flask.',
          organiser: null,
          imageUrl: null,
          imageAlt: null,
        });
      }
      for (let i = 0; i < counts.photos; i++) {
        await gallery.create({ imageUrl: `https://photos.example.org/${i}.jpg`, caption: `Photo ${i} from the raft race`, imageAlt: null });
      }
    });
  } finally {
    await app.close();
  }
}
