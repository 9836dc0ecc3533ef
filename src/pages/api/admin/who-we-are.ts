import { actorOf } from '../../../server/http/activity.ts';
import { whoWeAreInputSchema, whoWeAreSchema } from '../../../core/info-pages/info-pages.schema.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { ifMatch, recordJson } from '../../../server/http/versions.ts';

export const PUT = endpoint(
  { summary: 'Save the Who We Are page', body: whoWeAreInputSchema, response: whoWeAreSchema, versioned: true },
  async (context, app, input) => {
    const page = await app.infoPages.updateWhoWeAre(input, ifMatch(context.request), actorOf(app, context));
    return recordJson(page);
  },
);
