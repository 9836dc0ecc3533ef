import { actorOf } from '../../../server/http/activity.ts';
import { settingsInputSchema, settingsSchema } from '../../../core/settings/settings.schema.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { ifMatch, recordJson } from '../../../server/http/versions.ts';

export const PUT = endpoint(
  { summary: 'Save the site settings', body: settingsInputSchema, response: settingsSchema, versioned: true },
  async (context, app, input) => {
    const settings = await app.settings.update(input, ifMatch(context.request), actorOf(app, context));
    return recordJson(settings);
  },
);
