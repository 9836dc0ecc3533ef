import { newsInputSchema, publicNewsItem } from '../../../../core/news/news.schema.ts';
import { readJson } from '../../../../server/http/body.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

export const POST = endpoint(async ({ request }, app) =>
  json(publicNewsItem(await app.news.create(await readJson(request, newsInputSchema))), { status: 201 }),
);
