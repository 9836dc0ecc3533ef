import { z } from 'zod';
import { newsItemSchema, publicNewsItem } from '../../../core/news/news.schema.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

/** All news items, newest publication first. */
export const GET = endpoint({ summary: 'News items, newest first', response: z.array(newsItemSchema) }, async (_context, app) =>
  json((await app.news.list()).map(publicNewsItem)),
);
