import { whoWeAreInputSchema } from '../../../core/info-pages/info-pages.schema.ts';
import { readJson } from '../../../server/http/body.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

export const PUT = endpoint(async ({ request }, app) =>
  json(await app.infoPages.updateWhoWeAre(await readJson(request, whoWeAreInputSchema))),
);
