import { getRssString } from '@astrojs/rss';
import { escapeAttribute, escapeUTF8 } from 'entities';
import { withoutControlCharacters } from '../../core/shared/fields.ts';
import type { NewsArticle } from '../../core/news/news.schema.ts';
import { newsContentForDisplay } from '../views/news-display.ts';
import { textPictureUrl } from '../../core/news/text-picture-urls.ts';
import { sizedImageUrl } from '../../core/images/image-urls.ts';
import { newsItemPath } from '../../core/shared/item-paths.ts';

interface FeedOptions {
  title: string;
  description: string;
  baseUrl: string;
  /** An absolute URL of the channel image, when the club has a logo. */
  imageUrl?: string | null;
  /** This site's path for an external image, so that readers fetch it from here. */
  imageSrc?: (url: string) => string;
}

// XML 1.0 cannot carry most control characters even escaped: they are dropped from every text.
const clean = withoutControlCharacters;
/** For the few elements @astrojs/rss takes as raw XML (customData). */
const xmlText = (text: string) => escapeUTF8(clean(text));

/**
 * RSS 2.0 by @astrojs/rss, with the full HTML in content:encoded; relative links are made
 * absolute for readers. The channel's language, build date, self link and image go in as
 * customData, which the library parses as XML: their texts are escaped here.
 */
export async function newsRss(items: NewsArticle[], options: FeedOptions): Promise<string> {
  const { baseUrl } = options;
  const imageSrc = options.imageSrc ?? ((url: string) => url);
  const absolute = (html: string) => html.replace(/(src|href)="\/(?!\/)/g, `$1="${baseUrl}/`);
  // The newest change among the items (they are sorted by publication, not by change); a feed
  // with no items has no build date to give, and the element is optional.
  const lastBuild = items.reduce<string | null>((newest, item) => (newest && newest > item.updatedAt ? newest : item.updatedAt), null);
  const newsPage = `${baseUrl}/news`;
  const channel = [
    '<language>en-gb</language>',
    lastBuild ? `<lastBuildDate>${new Date(lastBuild).toUTCString()}</lastBuildDate>` : '',
    `<atom:link href="${xmlText(`${baseUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    options.imageUrl
      ? `<image><url>${xmlText(options.imageUrl)}</url><title>${xmlText(options.title)}</title><link>${xmlText(newsPage)}</link></image>`
      : '',
  ];
  return getRssString({
    title: clean(options.title),
    description: clean(options.description),
    site: newsPage,
    trailingSlash: false,
    xmlns: { atom: 'http://www.w3.org/2005/Atom' },
    customData: channel.join(''),
    items: items.map((item) => {
      const image = item.imageUrl
        ? `<p><img src="${escapeUTF8(item.imageUrl.startsWith('/') ? sizedImageUrl(item.imageUrl, 960) : imageSrc(item.imageUrl))}" alt="${escapeAttribute(item.imageAlt ?? item.title)}" /></p>`
        : '';
      return {
        title: clean(item.title),
        link: `${baseUrl}${newsItemPath(item.id)}`,
        pubDate: new Date(item.publishedAt),
        description: clean(item.text.length > 300 ? `${item.text.slice(0, 300)}...` : item.text),
        content: clean(absolute(image + newsContentForDisplay(item.content, imageSrc, (address) => textPictureUrl(item.id, address)))),
      };
    }),
  });
}
