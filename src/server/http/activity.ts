import type { APIContext } from 'astro';
import Bowser from 'bowser';
import type { ActivityActor, ActivityNote } from '../../core/activity/activity-recorder.ts';
import type { AppContext } from '../../core/context.ts';
import { clientAddress } from './client-address.ts';

/**
 * Notes what this request does, for the activity log (docs/decisions/049): a line each time it is
 * called. The endpoint wrapper records them once the handler has answered a success: a refused or
 * failed request leaves no line. Changes to the database (content, restores and deletes for ever,
 * sign-ins, administrators, passwords, two-step sign-in) do not come here: their services write
 * the line in the change's own transaction (`recordWithChange`; 049's addendum, 062). What is
 * noted here is what is not a row: a backup written to a file.
 */
export function noteActivity(context: APIContext, note: ActivityNote): void {
  (context.locals.activity ??= []).push(note);
}

/** 'Firefox on Linux', from a User-Agent; null when it names neither. */
export function deviceOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent.slice(0, 500));
  const parts = [browser.name, os.name].filter((part): part is string => Boolean(part));
  return parts.length === 0 ? null : parts.join(' on ');
}

/** Who a request acts for, and from where, as its lines in the log say: the session's administrator unless `admin`. */
export function actorOf(
  app: AppContext,
  context: APIContext,
  admin: { id: string; username: string } | undefined = context.locals.auth?.admin,
): ActivityActor {
  return {
    admin: admin ? { id: admin.id, username: admin.username } : null,
    address: clientAddress(context, app.config.trustProxy),
    device: deviceOf(context.request.headers.get('user-agent')),
  };
}

/**
 * Records the noted line after the change was made. A log that cannot be written (the database
 * gone a moment after it committed) does not turn a done change into an error the volunteer
 * would repeat: the line goes to the server's log instead, with the request id.
 */
export async function recordNotedActivity(app: AppContext, context: APIContext): Promise<void> {
  const notes = context.locals.activity;
  if (!notes || notes.length === 0) return;
  delete context.locals.activity;
  const actor = actorOf(app, context);
  const lines = notes.map(({ action, subject }) => ({ action, ...(subject && { subject }) }));
  try {
    await app.activity.record(actor, ...lines);
  } catch (error) {
    app.log.error(
      { err: error, requestId: context.locals.requestId, activity: { ...actor, lines } },
      'an activity log line could not be written',
    );
  }
}
