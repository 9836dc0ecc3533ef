import { settingsInputSchema, settingsSchema } from '../../../core/settings/settings.schema.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/responses.ts';

export const PUT = endpoint(
  { summary: 'Save the site settings', body: settingsInputSchema, response: settingsSchema },
  async (_context, app, input) => json(await app.settings.update(input)),
);
