import { z } from 'zod';
import { newsItemSchema } from '../../../core/news/news.schema.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { jsonArray } from '../../../server/http/responses.ts';

/** All news items, newest publication first, streamed: years of news are never held in memory at once. */
export const GET = endpoint({ summary: 'News items, newest first', response: z.array(newsItemSchema) }, (_context, app) =>
  jsonArray(app.news.listInBatches()),
);
