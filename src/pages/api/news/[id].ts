import { newsItemSchema, publicNewsItem } from '../../../core/news/news.schema.ts';
import { endpoint, pathId } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

export const GET = endpoint({ summary: 'One news item', response: newsItemSchema }, async (context, app) =>
  json(publicNewsItem(await app.news.get(pathId(context, 'News item')))),
);
