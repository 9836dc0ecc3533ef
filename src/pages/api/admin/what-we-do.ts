import { whatWeDoInputSchema, whatWeDoSchema } from '../../../core/info-pages/info-pages.schema.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

export const PUT = endpoint(
  { summary: 'Save the What We Do page', body: whatWeDoInputSchema, response: whatWeDoSchema },
  async (_context, app, input) => json(await app.infoPages.updateWhatWeDo(input)),
);
