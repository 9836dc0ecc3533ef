import Parser from 'rss-parser';
import { describe, expect, it } from 'vitest';
import type { NewsArticle } from '../../core/news/news.schema.ts';
import { newsRss } from './rss.ts';

const options = { title: 'Club', description: 'News', baseUrl: 'https://club.example' };
const article = (id: string, publishedAt: string, updatedAt: string): NewsArticle => ({
  id,
  title: `Item ${id}`,
  content: '<p>Hello</p>',
  imageAlt: null,
  text: 'Hello',
  publishedAt,
  imageUrl: null,
  createdAt: publishedAt,
  updatedAt,
});

describe('newsRss', () => {
  it('gives an empty feed no build date rather than 1 January 1970', async () => {
    const xml = await newsRss([], options);
    expect(xml).not.toContain('1970');
    expect(xml).not.toContain('<lastBuildDate>');
    const feed = await new Parser().parseString(xml);
    expect(feed.items).toHaveLength(0);
    expect(feed.title).toBe('Club');
  });

  it('dates the feed by its most recent change, whichever item it is', async () => {
    const xml = await newsRss(
      [
        article('a', '2026-11-20T09:00:00.000Z', '2026-11-20T09:00:00.000Z'),
        article('b', '2026-11-01T09:00:00.000Z', '2026-11-22T18:30:00.000Z'),
      ],
      options,
    );
    expect(xml).toContain('<lastBuildDate>Sun, 22 Nov 2026 18:30:00 GMT</lastBuildDate>');
  });
});
