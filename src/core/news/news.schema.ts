import { z } from 'zod';
import { IMAGE_ALT_MAX, optionalImageUrl, optionalText, plainText, requiredDate, requiredText } from '../shared/fields.ts';

const NEWS_CONTENT_MAX = 200_000;
/** Pictures in the text (data: addresses) are counted apart from the words, and together have this many characters at most. */
const TEXT_PICTURES_MAX = 700_000;
/** The longer side of a picture in the text, as the editor inserts it and the server keeps it (docs/decisions/081). */
export const TEXT_PICTURE_SIDE = 1024;
/**
 * A picture kept in the text: its data: address, of a type the editor and the cleaning rules take
 * (SPEC §5, and WebP once settled). Groups: the type, the base64. The one home of this pattern.
 */
export const TEXT_PICTURE_ADDRESS = String.raw`data:image\/(png|gif|jpeg|bmp|x-icon|webp);base64,([A-Za-z0-9+/=\s]*)`;
const picturesLength = (html: string) =>
  [...html.matchAll(new RegExp(TEXT_PICTURE_ADDRESS, 'gi'))].reduce((sum, match) => sum + match[0].length, 0);

/** Body of POST /api/admin/news and PUT /api/admin/news/{id}; other fields (such as id) are ignored. */
export const newsInputSchema = z.object({
  title: requiredText('Title', 200),
  content: plainText('Content')
    .refine((html) => html.length - picturesLength(html) <= NEWS_CONTENT_MAX, `Content must be at most ${NEWS_CONTENT_MAX} characters`)
    .refine(
      (html) => picturesLength(html) <= TEXT_PICTURES_MAX,
      'The pictures in the text are too large together. Remove one, or add the photo as the news image instead.',
    )
    .optional(),
  publishedAt: requiredDate('Publication date'),
  imageUrl: optionalImageUrl('Image'),
  imageAlt: optionalText('Image description', IMAGE_ALT_MAX),
});
export type NewsInput = z.output<typeof newsInputSchema>;

export const newsItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string().describe('Sanitised HTML'),
  publishedAt: z.string().describe('ISO 8601 timestamp, UTC'),
  imageUrl: z.string().nullable(),
  imageAlt: z.string().nullable().describe('What the image shows, for visitors who cannot see it'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NewsItem = z.output<typeof newsItemSchema>;

/** A news item as the site's pages use it: with the plain text of its content. */
export interface NewsArticle extends NewsItem {
  text: string;
}

/** What the API answers for a news item (the text is the pages' own). */
export function publicNewsItem({ text: _text, ...item }: NewsArticle): NewsItem {
  return item;
}

/**
 * An item written for later: its publication date (local midnight, or the time given through the
 * API) is still ahead. Visitors see it from then on; until then only administrators do, marked
 * (docs/decisions/103). The repository applies the same rule in SQL (`publishedAt <= now`).
 */
export function isScheduled(item: Pick<NewsItem, 'publishedAt'>, now: Date = new Date()): boolean {
  return new Date(item.publishedAt).getTime() > now.getTime();
}
