import { settingsSchema } from '../../core/settings/settings.schema.ts';
import { endpoint } from '../../server/http/endpoint.ts';
import { recordJson } from '../../server/http/versions.ts';

export const GET = endpoint({ summary: 'Site settings', response: settingsSchema }, async (_context, app) =>
  recordJson(await app.settings.read()),
);
