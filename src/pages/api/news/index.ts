import { z } from 'zod';
import { newsItemSchema } from '../../../core/news/news.schema.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { jsonArray } from '../../../server/http/responses.ts';

/**
 * The news items visitors see (not those written for later, until their day: docs/decisions/103),
 * newest publication first, streamed: years of news are never held in memory at once.
 */
export const GET = endpoint({ summary: 'News items, newest first', response: z.array(newsItemSchema) }, (_context, app) =>
  jsonArray(app.news.listInBatches()),
);
