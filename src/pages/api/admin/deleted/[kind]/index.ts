import { z } from 'zod';
import { deletedItemSchema } from '../../../../../core/trash/trash.schema.ts';
import { endpoint } from '../../../../../server/http/endpoint.ts';
import { json } from '../../../../../server/http/responses.ts';
import { pathKind } from '../../../../../server/http/trash-kind.ts';

/** 'Recently deleted': what was deleted from this list in the last 30 days, newest first. */
export const GET = endpoint(
  { summary: 'Recently deleted news items, events or gallery images', response: z.array(deletedItemSchema) },
  async (context, app) => json(await app.trash.list(pathKind(context))),
);
