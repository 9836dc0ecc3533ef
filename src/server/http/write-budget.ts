import type { APIContext } from 'astro';
import { TooManyChangesError } from '../../core/auth/write-budget.ts';
import type { AppContext } from '../../core/context.ts';
import { actorOf } from './activity.ts';
import { isSafeMethod } from './authenticate.ts';

/**
 * Charges a change made by the signed-in administrator to their budget (docs/decisions/059):
 * one write and the bytes of its JSON body. Reads, and requests without a session (signing in,
 * an upload link's photo, whose link was charged), cost nothing. The first refusal of a pause
 * writes 'was paused' in the activity log, for the rest of the committee to see.
 */
export async function spendOnChange(app: AppContext, context: APIContext, textBytes: number): Promise<void> {
  const admin = context.locals.auth?.admin;
  if (!admin || isSafeMethod(context.request.method)) return;
  try {
    await app.auth.spendWrite(admin.id, { writes: 1, textBytes });
  } catch (error) {
    if (error instanceof TooManyChangesError && error.pauseBegins) {
      app.log.warn(
        { requestId: context.locals.requestId, admin: admin.username },
        'an administrator was paused for making too many changes',
      );
      await app.activity.record(actorOf(app, context), { action: 'paused' }).catch((failure: unknown) => {
        app.log.error({ err: failure, requestId: context.locals.requestId }, 'an activity log line could not be written');
      });
    }
    throw error;
  }
}
