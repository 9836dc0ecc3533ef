import { z } from 'zod';
import { removedAdminSchema } from '../../../../../core/admins/admins.schema.ts';
import { endpoint } from '../../../../../server/http/endpoint.ts';
import { json } from '../../../../../server/http/responses.ts';

export const GET = endpoint(
  { summary: 'The administrators removed in the last 30 days, who can be put back', response: z.array(removedAdminSchema) },
  async (_context, app) => json(await app.admins.listRemoved()),
);
