import { actorOf } from '../../../server/http/activity.ts';
import { whatWeDoInputSchema, whatWeDoSchema } from '../../../core/info-pages/info-pages.schema.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { ifMatch, recordJson } from '../../../server/http/versions.ts';

export const PUT = endpoint(
  { summary: 'Save the What We Do page', body: whatWeDoInputSchema, response: whatWeDoSchema, versioned: true },
  async (context, app, input) => {
    const page = await app.infoPages.updateWhatWeDo(input, ifMatch(context.request), actorOf(app, context));
    return recordJson(page);
  },
);
