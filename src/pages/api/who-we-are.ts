import { endpoint } from '../../server/http/endpoint.ts';
import { json } from '../../server/http/responses.ts';

export const GET = endpoint(async (_context, app) => json(await app.infoPages.getWhoWeAre()));
