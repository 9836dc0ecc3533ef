import { eventInputSchema } from '../../../../core/events/events.schema.ts';
import { readJson } from '../../../../server/http/body.ts';
import { endpoint } from '../../../../server/http/endpoint.ts';
import { json } from '../../../../server/http/responses.ts';

export const POST = endpoint(async ({ request }, app) =>
  json(await app.events.create(await readJson(request, eventInputSchema)), { status: 201 }),
);
