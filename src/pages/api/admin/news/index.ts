import { z } from 'zod';
import { actorOf } from '../../../../server/http/activity.ts';
import { newsInputSchema, newsItemSchema, publicNewsItem } from '../../../../core/news/news.schema.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json, jsonArray } from '../../../../server/http/responses.ts';

export const POST = endpoint(
  { summary: 'Create a news item', body: newsInputSchema, response: newsItemSchema, status: 201, idempotent: true },
  async (context, app, input) => {
    const item = await app.news.create(input, actorOf(app, context), context.locals.createdId);
    return json(publicNewsItem(item));
  },
);

/**
 * Every news item, those written for later too (which GET /api/news leaves out until their day),
 * newest publication first, streamed (docs/decisions/103).
 */
export const GET = endpoint(
  { summary: 'News items, newest first, with those published later', response: z.array(newsItemSchema) },
  (_context, app) => jsonArray(app.news.listInBatches({ scheduled: true })),
);
