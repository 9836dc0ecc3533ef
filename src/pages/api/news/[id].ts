import { endpoint, pathId } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

export const GET = endpoint(async (context, app) => json(await app.news.get(pathId(context, 'News item'))));
