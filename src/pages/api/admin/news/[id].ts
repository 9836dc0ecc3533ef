import { actorOf } from '../../../../server/http/activity.ts';
import { deletedSchema } from '../../../../server/http/api-schemas.ts';
import { newsInputSchema, newsItemSchema, publicNewsItem } from '../../../../core/news/news.schema.ts';
import { endpoint, pathId } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';
import { ifMatch, versionedJson } from '../../../../server/http/versions.ts';

export const PUT = endpoint(
  { summary: 'Update a news item', body: newsInputSchema, response: newsItemSchema, versioned: true },
  async (context, app, input) => {
    const id = pathId(context, 'News item');
    const item = await app.news.update(id, input, ifMatch(context.request), actorOf(app, context));
    return versionedJson(publicNewsItem(item));
  },
);

export const DELETE = endpoint({ summary: 'Delete a news item', response: deletedSchema }, async (context, app) => {
  const deleted = await app.news.delete(pathId(context, 'News item'), actorOf(app, context));
  return json({ message: 'News item deleted', id: deleted.id });
});
