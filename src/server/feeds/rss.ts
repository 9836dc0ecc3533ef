import { withoutControlCharacters } from '../../core/shared/fields.ts';
import type { NewsArticle } from '../../core/news/news.schema.ts';
import { newsContentForDisplay } from '../views/news-display.ts';
import { sizedImageUrl } from '../../core/images/image-urls.ts';

// XML 1.0 cannot carry most control characters even escaped: they are dropped.
const escapeXml = (text: string) =>
  withoutControlCharacters(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/** CDATA cannot hold its own terminator; split it across two sections. */
const cdata = (text: string) => `<![CDATA[${withoutControlCharacters(text).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

interface FeedOptions {
  title: string;
  description: string;
  baseUrl: string;
  /** An absolute URL of the channel image, when the club has a logo. */
  imageUrl?: string | null;
  /** This site's path for an external image, so that readers fetch it from here. */
  imageSrc?: (url: string) => string;
}

/** RSS 2.0 with the full HTML in content:encoded; relative links are made absolute for readers. */
export function newsRss(items: NewsArticle[], options: FeedOptions): string {
  const { baseUrl } = options;
  const imageSrc = options.imageSrc ?? ((url: string) => url);
  const absolute = (html: string) => html.replace(/(src|href)="\/(?!\/)/g, `$1="${baseUrl}/`);
  // The newest change among the items (they are sorted by publication, not by change); a feed
  // with no items has no build date to give, and the element is optional.
  const lastBuild = items.reduce<string | null>((newest, item) => (newest && newest > item.updatedAt ? newest : item.updatedAt), null);
  const entries = items.map((item) => {
    const link = `${baseUrl}/news/${item.id}`;
    const image = item.imageUrl
      ? `<p><img src="${escapeXml(item.imageUrl.startsWith('/') ? sizedImageUrl(item.imageUrl, 960) : imageSrc(item.imageUrl))}" alt="" /></p>`
      : '';
    const { text } = item;
    return [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${new Date(item.publishedAt).toUTCString()}</pubDate>`,
      `      <description>${escapeXml(text.length > 300 ? `${text.slice(0, 300)}...` : text)}</description>`,
      `      <content:encoded>${cdata(absolute(image + newsContentForDisplay(item.content, imageSrc)))}</content:encoded>`,
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '  <channel>',
    `    <title>${escapeXml(options.title)}</title>`,
    `    <link>${escapeXml(`${baseUrl}/news`)}</link>`,
    `    <description>${escapeXml(options.description)}</description>`,
    '    <language>en-gb</language>',
    ...(lastBuild ? [`    <lastBuildDate>${new Date(lastBuild).toUTCString()}</lastBuildDate>`] : []),
    `    <atom:link href="${escapeXml(`${baseUrl}/rss.xml`)}" rel="self" type="application/rss+xml" />`,
    ...(options.imageUrl
      ? [
          `    <image><url>${escapeXml(options.imageUrl)}</url><title>${escapeXml(options.title)}</title><link>${escapeXml(`${baseUrl}/news`)}</link></image>`,
        ]
      : []),
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
