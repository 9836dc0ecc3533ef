import { activityPageSchema, activityQuerySchema } from '../../../../core/activity/activity.schema.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

/** The activity log, newest first, a page at a time (docs/decisions/049). */
export const GET = endpoint(
  {
    summary: 'What administrators did, newest first: 50 lines, then `before` for the next page',
    query: activityQuerySchema,
    response: activityPageSchema,
  },
  async (_context, app, input) => json(await app.activity.page({ before: input.before, adminId: input.admin })),
);
