import { deletedSchema } from '../../../../server/http/api-schemas.ts';
import { newsInputSchema, newsItemSchema, publicNewsItem } from '../../../../core/news/news.schema.ts';
import { endpoint, pathId } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

export const PUT = endpoint(
  { summary: 'Update a news item', body: newsInputSchema, response: newsItemSchema },
  async (context, app, input) => {
    const id = pathId(context, 'News item');
    return json(publicNewsItem(await app.news.update(id, input)));
  },
);

export const DELETE = endpoint({ summary: 'Delete a news item', response: deletedSchema }, async (context, app) => {
  const deleted = await app.news.delete(pathId(context, 'News item'));
  return json({ message: 'News item deleted', id: deleted.id });
});
