import { whatWeDoSchema } from '../../core/info-pages/info-pages.schema.ts';
import { endpoint } from '../../server/http/endpoint.ts';
import { json } from '../../server/http/responses.ts';

export const GET = endpoint({ summary: 'The What We Do page', response: whatWeDoSchema }, async (_context, app) =>
  json(await app.infoPages.getWhatWeDo()),
);
