import { actorOf } from '../../../../server/http/activity.ts';
import { newsInputSchema, newsItemSchema, publicNewsItem } from '../../../../core/news/news.schema.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

export const POST = endpoint(
  { summary: 'Create a news item', body: newsInputSchema, response: newsItemSchema, status: 201, idempotent: true },
  async (context, app, input) => {
    const item = await app.news.create(input, actorOf(app, context), context.locals.createdId);
    return json(publicNewsItem(item));
  },
);
