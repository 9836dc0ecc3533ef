import { putBackEditsAnswerSchema, putBackEditsSchema, putBackMessage } from '../../../../core/activity/activity.schema.ts';
import { actorOf } from '../../../../server/http/activity.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

/**
 * 'Put back all': the pages, settings, news items and events whose text is still what one
 * administrator saved in the last 30 days, as they were before (docs/decisions/058).
 */
export const POST = endpoint(
  {
    summary:
      'Put back every page, the settings, and every news item and event as they were before one administrator’s edits of the last 30 days',
    body: putBackEditsSchema,
    response: putBackEditsAnswerSchema,
  },
  async (context, app, input) => {
    const { done, remaining } = await app.activity.putBackEditsOf(input.admin, actorOf(app, context));
    return json({ message: putBackMessage(done), putBack: done, remaining });
  },
);
