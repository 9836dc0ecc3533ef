import { whatWeDoSchema } from '../../core/info-pages/info-pages.schema.ts';
import { endpoint } from '../../server/http/endpoint.ts';
import { recordJson } from '../../server/http/versions.ts';

export const GET = endpoint({ summary: 'The What We Do page', response: whatWeDoSchema }, async (_context, app) =>
  recordJson(await app.infoPages.readWhatWeDo()),
);
