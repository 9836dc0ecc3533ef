import { z } from 'zod';
import { IMAGE_ALT_MAX, optionalImageUrl, optionalText, plainText, requiredDate, requiredText } from '../shared/fields.ts';

const NEWS_CONTENT_MAX = 200_000;

/** Body of POST /api/admin/news and PUT /api/admin/news/{id}; other fields (such as id) are ignored. */
export const newsInputSchema = z.object({
  title: requiredText('Title', 200),
  content: plainText('Content').max(NEWS_CONTENT_MAX, `Content must be at most ${NEWS_CONTENT_MAX} characters`).optional(),
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
