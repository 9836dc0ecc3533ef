import { whoWeAreInputSchema, whoWeAreSchema } from '../../../core/info-pages/info-pages.schema.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

export const PUT = endpoint(
  { summary: 'Save the Who We Are page', body: whoWeAreInputSchema, response: whoWeAreSchema },
  async (_context, app, input) => json(await app.infoPages.updateWhoWeAre(input)),
);
