import { settingsSchema } from '../../core/settings/settings.schema.ts';
import { endpoint } from '../../server/http/endpoint.ts';
import { json } from '../../server/http/responses.ts';

export const GET = endpoint({ summary: 'Site settings', response: settingsSchema }, async (_context, app) =>
  json(await app.settings.get()),
);
