import { newsInputSchema, publicNewsItem } from '../../../../core/news/news.schema.ts';
import { readJson } from '../../../../server/http/body.ts';
import { endpoint, pathId } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

export const PUT = endpoint(async (context, app) => {
  const id = pathId(context, 'News item');
  return json(publicNewsItem(await app.news.update(id, await readJson(context.request, newsInputSchema))));
});

export const DELETE = endpoint(async (context, app) => {
  const deleted = await app.news.delete(pathId(context, 'News item'));
  return json({ message: 'News item deleted', id: deleted.id });
});
