import { noteActivity } from '../../../server/http/activity.ts';
import { whatWeDoInputSchema, whatWeDoSchema } from '../../../core/info-pages/info-pages.schema.ts';
import { ADMIN_SCREENS } from '../../../core/shared/admin-screens.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { ifMatch, recordJson } from '../../../server/http/versions.ts';

export const PUT = endpoint(
  { summary: 'Save the What We Do page', body: whatWeDoInputSchema, response: whatWeDoSchema, versioned: true },
  async (context, app, input) => {
    const page = await app.infoPages.updateWhatWeDo(input, ifMatch(context.request), context.locals.auth?.admin);
    noteActivity(context, { action: 'edited', subject: { kind: 'page', label: ADMIN_SCREENS.whatWeDo.label } });
    return recordJson(page);
  },
);
