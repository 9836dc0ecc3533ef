import { z } from 'zod';
import { activityPersonSchema } from '../../../../core/activity/activity.schema.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

/** The 'Who' list's removed administrators: an account a stranger made is removed first, then undone. */
export const GET = endpoint(
  { summary: 'Every administrator with lines in the activity log, removed ones too', response: z.array(activityPersonSchema) },
  async (_context, app) => json(await app.activity.people()),
);
